// Format names, detection from the file name and content, and the read_edge_list /
// read_graph entry points.
//
// The caller's format wins, then the extension (after removing a trailing ".gz"; whether the
// bytes are gzip is decided by their magic number, not the name), then the content: a Matrix
// Market banner, a DIMACS "p sp" line, or the .plx magic. Standard input and pipes have no
// useful name, so for them the content decides unless the caller names the format, and a
// plain edge list (a first line of two ids, or two ids and a weight) reads as SNAP or .wel. The
// chosen reader then checks the content and names the file and line of any mismatch.
#include <fast_float/fast_float.h>

#include <charconv>
#include <cstring>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "detail/graph_readers.hpp"
#include "detail/id_density.hpp"
#include "plexus/core/error.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/io/plx.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus::io {
namespace {

namespace fs = std::filesystem;

struct format_name {
  std::string_view name;
  graph_format format;
};

// First name of each format is the canonical one printed by to_string.
constexpr format_name kNames[] = {
    {"auto", graph_format::automatic},
    {"automatic", graph_format::automatic},
    {"mtx", graph_format::matrix_market},
    {"matrix-market", graph_format::matrix_market},
    {"mm", graph_format::matrix_market},
    {"snap", graph_format::snap},
    {"txt", graph_format::snap},
    {"el", graph_format::edge_list},
    {"edge-list", graph_format::edge_list},
    {"wel", graph_format::weighted_edge_list},
    {"weighted-edge-list", graph_format::weighted_edge_list},
    {"gr", graph_format::dimacs},
    {"dimacs", graph_format::dimacs},
    {"metis", graph_format::metis},
    {"graph", graph_format::metis},
    {"konect", graph_format::konect},
    {"csv", graph_format::csv},
    {"plx", graph_format::plx},
    {"gml", graph_format::gml},
    {"e", graph_format::graphalytics},
    {"graphalytics", graph_format::graphalytics},
};

constexpr const char* kFormatList = "mtx, snap, el, wel, gr, metis, konect, csv, gml, e, plx";

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

bool starts_with_plx_magic(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[8] = {};
  in.read(magic, sizeof magic);
  return in.gcount() == sizeof magic && std::memcmp(magic, "PLEXUSGR", sizeof magic) == 0;
}

/// An input with no bytes cannot hold a graph; say so instead of reporting an empty one.
void require_content(const input_text& text) {
  if (!text.empty()) return;
  if (text.was_gzip()) throw_parse_error(text.name(), 0, "the gzip data inflates to nothing: there is no graph to read");
  throw_parse_error(text.name(), 0,
                    "empty input (0 bytes): there is no graph to read; check the path, or the command writing to it");
}

}  // namespace

namespace {

/// A stream that has no name to tell its format by and whose first line after '#' and '%'
/// comments is two ids (SNAP: "u v", extra columns ignored) or two ids and a weight (.wel):
/// nothing else reads such a line, so no --format is needed for it. Anything else stays
/// unknown.
graph_format sniff_plain_edge_list(std::string_view content) {
  std::size_t at = 0;
  while (at < content.size()) {
    const std::size_t end = std::min(content.find('\n', at), content.size());
    std::string_view line = content.substr(at, end - at);
    at = end + 1;
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos || line[first] == '#' || line[first] == '%') continue;
    std::vector<std::string_view> tokens;
    for (std::size_t p = first; p < line.size();) {
      const std::size_t stop = std::min(line.find_first_of(" \t\r", p), line.size());
      tokens.push_back(line.substr(p, stop - p));
      p = std::min(line.find_first_not_of(" \t\r", stop), line.size());
    }
    const auto integer = [](std::string_view t) {
      return !t.empty() && t.find_first_not_of("0123456789") == std::string_view::npos;
    };
    const auto number = [](std::string_view t) {
      double value = 0;
      const auto [stop, ec] = fast_float::from_chars(t.data(), t.data() + t.size(), value);
      return ec == std::errc() && stop == t.data() + t.size();
    };
    if (tokens.size() == 2 && integer(tokens[0]) && integer(tokens[1])) return graph_format::snap;
    if (tokens.size() == 3 && integer(tokens[0]) && integer(tokens[1]) && number(tokens[2]))
      return graph_format::weighted_edge_list;
    return graph_format::automatic;
  }
  return graph_format::automatic;
}

}  // namespace

graph_format resolve_graph_format(const input_text& text, graph_format requested, const fs::path& name) {
  require_content(text);
  graph_format format = requested;
  if (format == graph_format::automatic && name != "-") format = format_from_extension(name);
  if (format == graph_format::automatic) format = sniff_graph_format(text.view());
  const bool nameless = name == "-" || is_stream(name);
  if (format == graph_format::automatic && nameless) format = sniff_plain_edge_list(text.view());
  if (format == graph_format::automatic) {
    throw error(error_kind::unsupported,
                text.name() + (nameless ? ": cannot tell the format (the content names none)"
                                        : ": unknown format (neither the name nor the content tells it)") +
                    "; name it with --format (" + kFormatList + ")");
  }
  return format;
}

namespace {

input_text load_text(const fs::path& path, const read_options& options) {
  input_load_options load;
  load.max_inflate = options.max_inflate;
  load.progress = options.progress;
  return input_text::load(path, load);
}

edge_list parse_edges(const input_text& text, graph_format format, const read_options& options,
                      const std::optional<fs::path>& vertex_file) {
  require_content(text);
  if (format == graph_format::plx)
    throw error(error_kind::invalid_argument,
                text.name() + ": a .plx file holds a built graph; load it with read_graph, not read_edge_list");
  const bool id_list = format == graph_format::snap || format == graph_format::edge_list ||
                       format == graph_format::weighted_edge_list || format == graph_format::konect ||
                       format == graph_format::csv || format == graph_format::graphalytics;
  if (options.weight_column != 0 && !id_list)
    throw error(error_kind::invalid_argument,
                text.name() + ": a weight column can be chosen only for SNAP, .el, .wel, CSV, KONECT and "
                              "Graphalytics files, not for " +
                    std::string(to_string(format)));
  switch (format) {
    case graph_format::matrix_market: return detail::read_matrix_market(text, options);
    case graph_format::snap: return detail::read_snap(text, options);
    case graph_format::edge_list: return detail::read_plain_edge_list(text, options, false);
    case graph_format::weighted_edge_list: return detail::read_plain_edge_list(text, options, true);
    case graph_format::dimacs: return detail::read_dimacs(text, options);
    case graph_format::metis: return detail::read_metis(text, options);
    case graph_format::konect: return detail::read_konect(text, options);
    case graph_format::csv: return detail::read_csv(text, options);
    case graph_format::gml: return detail::read_gml(text, options);
    case graph_format::graphalytics: {
      if (!vertex_file) return detail::read_graphalytics(text, options, nullptr);
      const input_text vertices = load_text(*vertex_file, options);
      return detail::read_graphalytics(text, options, &vertices);
    }
    case graph_format::automatic:
    case graph_format::plx: break;
  }
  throw error(error_kind::internal, text.name() + ": no reader for format " + std::string(to_string(format)));
}

}  // namespace

std::string_view to_string(graph_format format) {
  switch (format) {
    case graph_format::automatic: return "auto";
    case graph_format::matrix_market: return "mtx";
    case graph_format::snap: return "snap";
    case graph_format::edge_list: return "el";
    case graph_format::weighted_edge_list: return "wel";
    case graph_format::dimacs: return "gr";
    case graph_format::metis: return "metis";
    case graph_format::konect: return "konect";
    case graph_format::csv: return "csv";
    case graph_format::plx: return "plx";
    case graph_format::gml: return "gml";
    case graph_format::graphalytics: return "e";
  }
  return "unknown";
}

graph_format parse_graph_format(std::string_view name) {
  const std::string key = lower_ascii(name);
  for (const auto& entry : kNames)
    if (entry.name == key) return entry.format;
  throw error(error_kind::invalid_argument,
              "unknown graph format '" + std::string(name) + "' (expected one of: auto, " + kFormatList + ")");
}

graph_format format_from_extension(const fs::path& path) {
  fs::path name = path.filename();
  if (lower_ascii(name.extension().string()) == ".gz") name = name.stem();
  const std::string ext = lower_ascii(name.extension().string());
  if (ext == ".mtx") return graph_format::matrix_market;
  if (ext == ".txt" || ext == ".snap" || ext == ".edges" || ext == ".edgelist") return graph_format::snap;
  if (ext == ".el") return graph_format::edge_list;
  if (ext == ".wel") return graph_format::weighted_edge_list;
  if (ext == ".gr") return graph_format::dimacs;
  if (ext == ".graph" || ext == ".metis") return graph_format::metis;
  if (ext == ".konect" || name.string().starts_with("out.")) return graph_format::konect;
  if (ext == ".csv") return graph_format::csv;
  if (ext == ".plx") return graph_format::plx;
  if (ext == ".gml") return graph_format::gml;
  if (ext == ".e") return graph_format::graphalytics;
  return graph_format::automatic;
}

graph_format sniff_graph_format(std::string_view content) {
  if (content.starts_with("PLEXUSGR")) return graph_format::plx;
  if (lower_ascii(content.substr(0, 14)) == "%%matrixmarket") return graph_format::matrix_market;
  // DIMACS: "c" comment lines and blank lines, then "p sp".
  std::size_t at = 0;
  while (at < content.size()) {
    const std::size_t end = std::min(content.find('\n', at), content.size());
    std::string_view line = content.substr(at, end - at);
    const std::size_t first = line.find_first_not_of(" \t\r");
    line = first == std::string_view::npos ? std::string_view() : line.substr(first);
    if (!line.empty() && !(line[0] == 'c' && (line.size() == 1 || line[1] == ' ' || line[1] == '\t' || line[1] == '\r'))) {
      const bool dimacs = line.size() > 4 && line[0] == 'p' && (line[1] == ' ' || line[1] == '\t') &&
                          line.substr(line.find_first_not_of(" \t", 1)).starts_with("sp");
      return dimacs ? graph_format::dimacs : graph_format::automatic;
    }
    at = end + 1;
  }
  return graph_format::automatic;
}

std::optional<fs::path> vertex_file_for(const fs::path& path, const read_options& options) {
  if (options.vertex_file) {
    if (options.vertex_file->empty()) return std::nullopt;
    return options.vertex_file;
  }
  if (path == "-" || is_stream(path)) return std::nullopt;
  fs::path stem = path;
  if (lower_ascii(stem.extension().string()) == ".gz") stem.replace_extension();
  if (lower_ascii(stem.extension().string()) != ".e") return std::nullopt;
  for (const char* ext : {".v", ".v.gz"}) {
    fs::path candidate = stem;
    candidate.replace_extension(ext);
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec)) return candidate;
  }
  return std::nullopt;
}

edge_list read_edge_list(const fs::path& path, const read_options& options) {
  if (!is_stream(path) && format_from_extension(path) == graph_format::plx && options.format == graph_format::automatic)
    throw error(error_kind::invalid_argument,
                path.string() + ": a .plx file holds a built graph; load it with read_graph, not read_edge_list");
  const input_text text = load_text(path, options);
  const graph_format format = resolve_graph_format(text, options.format, path);
  const std::optional<fs::path> vertices =
      format == graph_format::graphalytics ? vertex_file_for(path, options) : std::nullopt;
  return parse_edges(text, format, options, vertices);
}

edge_list read_edge_list(const input_text& text, const read_options& options) {
  const fs::path name = text.name() == input_name("-") ? fs::path("-") : fs::path(text.name());
  const graph_format format = resolve_graph_format(text, options.format, name);
  std::optional<fs::path> vertices;
  if (options.vertex_file && !options.vertex_file->empty()) vertices = options.vertex_file;
  return parse_edges(text, format, options, format == graph_format::graphalytics ? vertices : std::nullopt);
}

csr_graph build_read_graph(edge_list edges, const read_options& options, const std::string& input) {
  detail::check_id_density(input, edges.num_vertices, edges.size(), "arcs");
  build_options build;
  build.symmetrize = !edges.directed;
  build.keep_weights = options.keep_weights;
  build.keep_self_loops = options.keep_self_loops;
  build.compact_ids = false;  // the readers already renumbered where asked
  build.build_in_edges = options.build_in_edges && edges.directed;
  build.progress = options.progress;
  return build_graph(std::move(edges), build);
}

csr_graph read_graph(const fs::path& path, const read_options& options) {
  const bool regular = !is_stream(path);
  if (regular && (options.format == graph_format::plx ||
                  (options.format == graph_format::automatic && starts_with_plx_magic(path))))
    return read_plx_graph(path);
  const input_text text = load_text(path, options);
  const graph_format format = resolve_graph_format(text, options.format, path);
  if (format == graph_format::plx) return read_plx_graph(text);
  const std::optional<fs::path> vertices =
      format == graph_format::graphalytics ? vertex_file_for(path, options) : std::nullopt;
  return build_read_graph(parse_edges(text, format, options, vertices), options, text.name());
}

}  // namespace plexus::io
