// Reading graphs from files.
//
// The format is detected from the file name (a trailing .gz means gzip around any format)
// and then checked against the content; a mismatch or any malformed line raises
// plexus::error naming file, line and problem. `.plx` files load directly.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

#include "plexus/core/progress.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/edge_list.hpp"

namespace plexus::io {

enum class graph_format {
  automatic,
  matrix_market,       // .mtx: coordinate pattern/integer/real, general/symmetric/skew-symmetric
  snap,                // .txt/.snap: SNAP edge list, '#' or '%' comments, optional 3rd column ignored
  edge_list,           // .el: "u v" per line
  weighted_edge_list,  // .wel: "u v w" per line
  dimacs,              // .gr: DIMACS shortest-path "p sp n m" / "a u v w"
  metis,               // .graph / .metis: METIS adjacency, optional weights
  konect,              // .konect / out.*: KONECT TSV with '%' header
  csv,                 // .csv: "u,v[,w,...]" with an optional header row
  plx,                 // .plx: Plexus binary cache
  gml,                 // .gml: Graph Modelling Language, "graph [ node [ id 0 ] edge [ source 0 target 1 ] ]"
};

std::string_view to_string(graph_format format);
/// Parses a format name as the CLI accepts it ("mtx", "snap", "el", "wel", "gr", "metis", ...).
graph_format parse_graph_format(std::string_view name);
/// Format implied by the file name (ignoring a trailing .gz); automatic when unknown.
graph_format format_from_extension(const std::filesystem::path& path);

struct read_options {
  graph_format format = graph_format::automatic;
  /// Overrides what the file says: true keeps arcs directed, false symmetrizes.
  std::optional<bool> directed;
  bool keep_weights = true;
  bool build_in_edges = false;  // directed graphs: also build the reverse CSR
  /// Renumber to the ids that occur; default: on for id-only edge lists (SNAP, .el, CSV,
  /// KONECT), off for formats that declare a vertex count (MatrixMarket, METIS, DIMACS).
  std::optional<bool> compact_ids;
  int num_threads = 0;          // 0: all available
  progress_fn progress;
};

/// Parses a text graph file into arcs (not for .plx).
edge_list read_edge_list(const std::filesystem::path& path, const read_options& options = {});
/// Reads any supported graph file, .plx included, and builds the CSR.
csr_graph read_graph(const std::filesystem::path& path, const read_options& options = {});

}  // namespace plexus::io
