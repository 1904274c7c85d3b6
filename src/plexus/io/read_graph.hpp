// Reading graphs from files, standard input and pipes.
//
// The format comes from the caller, else from the file name (a trailing .gz means gzip
// around any format), else from the content (a Matrix Market banner, a DIMACS "p sp" line,
// the .plx magic). The chosen reader checks the content; a mismatch or any malformed line
// raises plexus::error naming file, line and problem. "-" is standard input; standard input,
// FIFOs and pipes are read once, to their end. `.plx` files load directly.
//
// Vertex ids: a graph keeps the input's own ids in csr_graph::original_ids, so results are
// written in them. Formats numbered from 1 (Matrix Market, DIMACS, METIS, KONECT) keep their
// 1-based ids; id lists (SNAP, .el, .wel, CSV, KONECT, Graphalytics .e) are renumbered to the
// ids that occur, keeping those ids; GML keeps its node ids. KONECT bipartite files keep the
// two vertex sets apart: right vertex j becomes n1 + j (n1: the size of the left set).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "plexus/core/progress.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/edge_list.hpp"
#include "plexus/io/input.hpp"

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
  graphalytics,        // .e: LDBC Graphalytics "u v [w]", with the vertex file NAME.v beside it
};

std::string_view to_string(graph_format format);
/// Parses a format name as the CLI accepts it ("mtx", "snap", "el", "wel", "gr", "metis", ...).
graph_format parse_graph_format(std::string_view name);
/// Format implied by the file name (ignoring a trailing .gz); automatic when unknown.
graph_format format_from_extension(const std::filesystem::path& path);
/// Format told by the content: a Matrix Market banner, a DIMACS "p sp" line or the .plx
/// magic; automatic when the content names none.
graph_format sniff_graph_format(std::string_view content);

/// The format `text`, read from `path` ("-" for standard input), will be read as: `requested`
/// unless automatic, else the name's, else the content's. Throws plexus::error naming the
/// input and saying what to do when it is empty (parse) or nothing tells its format
/// (unsupported).
graph_format resolve_graph_format(const input_text& text, graph_format requested, const std::filesystem::path& path);

struct read_options {
  graph_format format = graph_format::automatic;
  /// Overrides what the file says: true keeps arcs directed, false symmetrizes.
  std::optional<bool> directed;
  bool keep_weights = true;
  bool keep_self_loops = false;
  bool build_in_edges = false;  // directed graphs: also build the reverse CSR
  /// Renumber to the ids that occur; default: on for id-only edge lists (SNAP, .el, CSV,
  /// KONECT, Graphalytics), off for formats that declare a vertex count (MatrixMarket, METIS,
  /// DIMACS).
  std::optional<bool> compact_ids;
  /// The 1-based column of the weight in SNAP, .el, .wel, CSV, KONECT and Graphalytics lines
  /// (3 or more; every line must have it); 0 keeps the format's own rule.
  unsigned weight_column = 0;
  /// Graphalytics .e files: the vertex file; unset: NAME.v beside NAME.e when it exists;
  /// an empty path: none.
  std::optional<std::filesystem::path> vertex_file;
  /// Bytes a gzip input may inflate to; 0: the default limit (detail/text_buffer.hpp).
  std::uint64_t max_inflate = 0;
  int num_threads = 0;          // 0: all available
  progress_fn progress;
};

/// Parses a text graph file into arcs (not for .plx).
edge_list read_edge_list(const std::filesystem::path& path, const read_options& options = {});
/// The same for an input already in memory (a stream read whole); a vertex file is read
/// only when options.vertex_file names it.
edge_list read_edge_list(const input_text& text, const read_options& options = {});
/// Reads any supported graph file, .plx included, and builds the CSR.
csr_graph read_graph(const std::filesystem::path& path, const read_options& options = {});
/// Builds the CSR of parsed arcs as read_graph does (symmetrizing undirected lists, keeping
/// self-loops when asked); `input` names the input in messages.
csr_graph build_read_graph(edge_list edges, const read_options& options, const std::string& input);
/// The Graphalytics vertex file read with `path`: options.vertex_file when set (none when
/// empty), else NAME.v (or NAME.v.gz) beside a NAME.e file, when it exists.
std::optional<std::filesystem::path> vertex_file_for(const std::filesystem::path& path, const read_options& options);

}  // namespace plexus::io
