// read_incidence_list / read_hypergraph: format detection and dispatch.
//
// Detection looks at the name first (a trailing .gz is ignored):
//   a folder, NAME-nverts.txt, NAME-simplices.txt, or a prefix NAME with NAME-nverts.txt
//   beside it                                   -> Benson
//   hyperedges-NAME.txt                         -> Chodrow
//   .hgr                                        -> hMETIS
//   .json, .hif                                 -> JSON (HIF / XGI-data)
//   .hyp, .txt                                  -> plain
//   .plx, or any file starting with the .plx magic -> .plx cache
// and the chosen reader then checks the content, so a mislabelled file fails with a parse
// error naming its line rather than loading as something else. A name that tells nothing
// (standard input, a pipe, an unknown extension) leaves it to the content: JSON and .plx
// say what they are; the line formats must be named.
#include <algorithm>
#include <cctype>
#include <string>

#include "hypergraph_formats.hpp"
#include "plexus/core/error.hpp"
#include "plexus/io/plx.hpp"
#include "plexus/io/read_hypergraph.hpp"

#include "detail/id_density.hpp"

namespace plexus::io {
namespace {

namespace fs = std::filesystem;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

hypergraph_format detect(const fs::path& path) {
  if (is_stream(path)) return hypergraph_format::automatic;  // the content decides
  std::error_code ec;
  if (fs::is_directory(path, ec)) return hypergraph_format::benson;
  std::string name = lower(path.filename().string());
  if (name.ends_with(".plx")) return hypergraph_format::plx;
  if (fs::is_regular_file(path, ec) && is_plx(path)) return hypergraph_format::plx;
  if (detail::looks_like_benson(path)) return hypergraph_format::benson;
  if (name.ends_with(".gz")) name.resize(name.size() - 3);
  if (name.starts_with("hyperedges-") && name.ends_with(".txt")) return hypergraph_format::chodrow;
  if (name.ends_with(".hgr")) return hypergraph_format::hmetis;
  if (name.ends_with(".json") || name.ends_with(".hif")) return hypergraph_format::json;
  if (name.ends_with(".hyp") || name.ends_with(".txt")) return hypergraph_format::plain;
  if (!fs::exists(path, ec)) throw_io_error(path.string(), "no such file or folder");
  return hypergraph_format::automatic;
}

}  // namespace

bool names_benson_dataset(const fs::path& path) { return detail::looks_like_benson(path); }

hypergraph_format sniff_hypergraph_format(const input_text& text) {
  if (text.view().starts_with("PLEXUSHG")) return hypergraph_format::plx;
  const std::size_t first = text.view().find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && (text.view()[first] == '{' || text.view()[first] == '['))
    return hypergraph_format::json;
  throw error(error_kind::unsupported,
              text.name() + ": cannot tell the hypergraph format (neither the name nor the content tells it); "
                            "name it with --format (plain, chodrow, hmetis, json, benson, plx)");
}

namespace {

void require_content(const input_text& text) {
  if (!text.empty()) return;
  throw_parse_error(text.name(), 0,
                    text.was_gzip() ? "the gzip data inflates to nothing: there is no hypergraph to read"
                                    : "empty input (0 bytes): there is no hypergraph to read; check the path, or the "
                                      "command writing to it");
}

input_text load_text(const fs::path& path, const hypergraph_read_options& options) {
  input_load_options load;
  load.max_inflate = options.max_inflate;
  load.progress = options.progress;
  return input_text::load(path, load);
}

/// The incidence list of a text whose format is known (not Benson, not .plx).
incidence_list parse(const input_text& text, hypergraph_format format, const hypergraph_read_options& options) {
  require_content(text);
  switch (format) {
    case hypergraph_format::chodrow: return detail::read_chodrow(text);
    case hypergraph_format::hmetis: return detail::parse_hmetis(text, options.keep_weights);
    case hypergraph_format::json: return detail::read_hypergraph_json(text, options.keep_weights);
    case hypergraph_format::plain: return detail::parse_hyperedge_lines(text, /*one_based=*/false);
    case hypergraph_format::benson:
      throw error(error_kind::unsupported,
                  text.name() + ": a Benson dataset is two files (NAME-nverts.txt and NAME-simplices.txt); name "
                                "its folder or one of its files");
    case hypergraph_format::plx:
      throw error(error_kind::invalid_argument,
                  text.name() + ": a .plx hypergraph is already built; load it with read_hypergraph");
    case hypergraph_format::automatic: break;
  }
  return parse(text, sniff_hypergraph_format(text), options);
}

incidence_list drop_weights_unless_kept(incidence_list list, const hypergraph_read_options& options) {
  if (!options.keep_weights) {
    list.edge_weights = {};
    list.vertex_weights = {};
  }
  return list;
}

}  // namespace

std::string_view to_string(hypergraph_format format) {
  switch (format) {
    case hypergraph_format::automatic: return "automatic";
    case hypergraph_format::benson: return "benson";
    case hypergraph_format::chodrow: return "chodrow";
    case hypergraph_format::hmetis: return "hmetis";
    case hypergraph_format::json: return "json";
    case hypergraph_format::plain: return "plain";
    case hypergraph_format::plx: return "plx";
  }
  return "unknown";
}

hypergraph_format parse_hypergraph_format(std::string_view name) {
  const std::string n = lower(std::string(name));
  if (n == "auto" || n == "automatic") return hypergraph_format::automatic;
  if (n == "benson" || n == "scholp") return hypergraph_format::benson;
  if (n == "chodrow") return hypergraph_format::chodrow;
  if (n == "hmetis" || n == "hgr") return hypergraph_format::hmetis;
  if (n == "json" || n == "hif" || n == "xgi") return hypergraph_format::json;
  if (n == "plain" || n == "hyp" || n == "txt") return hypergraph_format::plain;
  if (n == "plx") return hypergraph_format::plx;
  throw error(error_kind::invalid_argument,
              "unknown hypergraph format '" + std::string(name) +
                  "' (expected auto, benson, chodrow, hmetis, json, plain or plx)");
}

incidence_list read_incidence_list(const fs::path& path, const hypergraph_read_options& options) {
  const hypergraph_format format =
      options.format == hypergraph_format::automatic ? detect(path) : options.format;
  if (format == hypergraph_format::benson) return drop_weights_unless_kept(detail::read_benson(path, options), options);
  if (format == hypergraph_format::plx)
    throw error(error_kind::invalid_argument,
                path.string() + ": a .plx hypergraph is already built; load it with read_hypergraph");
  return drop_weights_unless_kept(parse(load_text(path, options), format, options), options);
}

incidence_list read_incidence_list(const input_text& text, const hypergraph_read_options& options) {
  return drop_weights_unless_kept(parse(text, options.format, options), options);
}

hypergraph read_hypergraph(const fs::path& path, const hypergraph_read_options& options) {
  hypergraph_format format = options.format == hypergraph_format::automatic ? detect(path) : options.format;
  if (format == hypergraph_format::plx && !is_stream(path)) return read_plx_hypergraph(path);
  incidence_list incidence;
  if (format == hypergraph_format::benson) {
    incidence = detail::read_benson(path, options);
  } else {
    const input_text text = load_text(path, options);
    require_content(text);
    if (format == hypergraph_format::automatic) format = sniff_hypergraph_format(text);
    if (format == hypergraph_format::plx) return read_plx_hypergraph(text);
    incidence = parse(text, format, options);
  }
  return build_read_hypergraph(drop_weights_unless_kept(std::move(incidence), options), options,
                               input_name(path));
}

hypergraph build_read_hypergraph(incidence_list incidence, const hypergraph_read_options& options,
                                 const std::string& input) {
  if (!options.build.compact_ids)
    detail::check_id_density(input, incidence.num_vertices, incidence.num_pins(), "pins");
  return build_hypergraph(std::move(incidence), options.build);
}

}  // namespace plexus::io
