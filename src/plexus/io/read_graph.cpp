// Format names, detection from the file name and content, and the read_edge_list /
// read_graph entry points.
//
// The extension picks the format (after removing a trailing ".gz"; whether the bytes are
// gzip is decided by their magic number, not the name). A name without a known extension
// is accepted when its content identifies it: a Matrix Market banner, or the .plx magic.
// The chosen reader then checks the content and names the file and line of any mismatch.
#include <cstring>
#include <fstream>
#include <string>

#include "detail/graph_readers.hpp"
#include "plexus/core/error.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/io/plx.hpp"
#include "plexus/io/read_graph.hpp"

#include "detail/id_density.hpp"

namespace plexus::io {
namespace {

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
};

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

bool starts_with_plx_magic(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[8] = {};
  in.read(magic, sizeof magic);
  return in.gcount() == sizeof magic && std::memcmp(magic, "PLEXUSGR", sizeof magic) == 0;
}

graph_format sniff(const detail::text_buffer& text) {
  const std::string_view head = text.view().substr(0, 14);
  if (lower_ascii(head) == "%%matrixmarket") return graph_format::matrix_market;
  return graph_format::automatic;
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
  }
  return "unknown";
}

graph_format parse_graph_format(std::string_view name) {
  const std::string key = lower_ascii(name);
  for (const auto& entry : kNames)
    if (entry.name == key) return entry.format;
  throw error(error_kind::invalid_argument,
              "unknown graph format '" + std::string(name) +
                  "' (expected one of: auto, mtx, snap, el, wel, gr, metis, konect, csv, gml, plx)");
}

graph_format format_from_extension(const std::filesystem::path& path) {
  std::filesystem::path name = path.filename();
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
  return graph_format::automatic;
}

edge_list read_edge_list(const std::filesystem::path& path, const read_options& options) {
  graph_format format = options.format;
  if (format == graph_format::automatic) format = format_from_extension(path);
  if (format == graph_format::plx) {
    throw error(error_kind::invalid_argument,
                path.string() + ": a .plx file holds a built graph; load it with read_graph, not read_edge_list");
  }
  const detail::text_buffer text = detail::text_buffer::load(path, options.progress);
  if (format == graph_format::automatic) {
    format = sniff(text);
    if (format == graph_format::automatic) {
      throw error(error_kind::unsupported,
                  path.string() + ": cannot tell the graph format from the file name; name the format explicitly "
                                  "(mtx, snap, el, wel, gr, metis, konect, csv, gml)");
    }
  }
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
    case graph_format::automatic:
    case graph_format::plx: break;
  }
  throw error(error_kind::internal, path.string() + ": no reader for format " + std::string(to_string(format)));
}

csr_graph read_graph(const std::filesystem::path& path, const read_options& options) {
  const bool plx = options.format == graph_format::plx ||
                   (options.format == graph_format::automatic && starts_with_plx_magic(path));
  if (plx) return read_plx_graph(path);
  edge_list edges = read_edge_list(path, options);
  detail::check_id_density(path.string(), edges.num_vertices, edges.size(), "arcs");
  build_options build;
  build.symmetrize = !edges.directed;
  build.keep_weights = options.keep_weights;
  build.compact_ids = false;  // the readers already renumbered where asked
  build.build_in_edges = options.build_in_edges && edges.directed;
  build.progress = options.progress;
  return build_graph(std::move(edges), build);
}

}  // namespace plexus::io
