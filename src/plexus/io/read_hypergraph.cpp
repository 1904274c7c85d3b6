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
// error naming its line rather than loading as something else.
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
  throw error(error_kind::unsupported,
              path.string() + ": cannot tell the hypergraph format from the name (name it: benson, chodrow, hmetis, "
                              "json, plain or plx)");
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
  incidence_list list;
  switch (format) {
    case hypergraph_format::benson: list = detail::read_benson(path, options); break;
    case hypergraph_format::chodrow: list = detail::read_chodrow(path, options); break;
    case hypergraph_format::hmetis: list = detail::read_hmetis(path, options); break;
    case hypergraph_format::json: list = detail::read_hypergraph_json(path, options); break;
    case hypergraph_format::plain: list = detail::read_plain_hypergraph(path, options); break;
    case hypergraph_format::plx:
      throw error(error_kind::invalid_argument,
                  path.string() + ": a .plx hypergraph is already built; load it with read_hypergraph");
    case hypergraph_format::automatic: break;
  }
  if (!options.keep_weights) {
    list.edge_weights = {};
    list.vertex_weights = {};
  }
  return list;
}

hypergraph read_hypergraph(const fs::path& path, const hypergraph_read_options& options) {
  const hypergraph_format format =
      options.format == hypergraph_format::automatic ? detect(path) : options.format;
  if (format == hypergraph_format::plx) return read_plx_hypergraph(path);
  hypergraph_read_options resolved = options;
  resolved.format = format;
  incidence_list incidence = read_incidence_list(path, resolved);
  if (!options.build.compact_ids)
    detail::check_id_density(path.string(), incidence.num_vertices, incidence.num_pins(), "pins");
  return build_hypergraph(std::move(incidence), options.build);
}

}  // namespace plexus::io
