// Result files in the input's own vertex ids, for `plexus run --out` and library users.
//
// Every file opens with one comment line naming its columns, '#' and the names separated by
// tabs ("# vertex\tdepth\tparent"), as SNAP and Graphalytics files open with comments; readers
// that skip '#' lines (Plexus's own, NetworkX's, pandas' with comment='#') read the rest as
// data. Then one line per vertex (or pair), the fields separated by tabs:
//   traversals      "vertex<TAB>value<TAB>parent": an unreached vertex has depth -1 (BFS) or
//                   distance inf (SSSP) and parent -1; the source is its own parent;
//   other results   "vertex<TAB>value": a label is the original id of the vertex it names;
//   scored pairs    "u<TAB>v<TAB>score";
//   hypergraphs     "vertex<TAB>value" over the hypergraph's vertices: a label, or a BFS depth
//                   in hyperedges (-1 when unreached).
// Reals are written as the shortest text that reads back to the same double (SSSP's
// distances: the same float), so 0.15 is written "0.15" and reading a file back gives the
// result bit for bit. Per-vertex lines come in increasing original id whatever the internal
// numbering (graph/input_order.hpp). Every file goes through io::atomic_file, so an
// interrupted run never leaves a truncated result under the requested name.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <utility>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::io {

void write_bfs_result(const std::filesystem::path& path, const csr_graph& graph,
                      std::span<const vertex_t> depth, std::span<const vertex_t> parent);

void write_sssp_result(const std::filesystem::path& path, const csr_graph& graph,
                       std::span<const weight_t> distance, std::span<const vertex_t> parent);

/// `column` names the value in the header line: "component", "community".
void write_vertex_labels(const std::filesystem::path& path, const csr_graph& graph,
                         std::span<const vertex_t> label, std::string_view column);
void write_vertex_labels(const std::filesystem::path& path, const hypergraph& graph,
                         std::span<const vertex_t> label, std::string_view column);

/// Hypergraph BFS depths; invalid_vertex (unreached) is written as -1.
void write_vertex_depths(const std::filesystem::path& path, const hypergraph& graph,
                         std::span<const vertex_t> depth);

void write_vertex_reals(const std::filesystem::path& path, const csr_graph& graph,
                        std::span<const double> value, std::string_view column);

void write_vertex_counts(const std::filesystem::path& path, const csr_graph& graph,
                         std::span<const std::uint64_t> count, std::string_view column);

/// score[i] belongs to pairs[i]; both ids internal, written as original ids. `column` names
/// the score.
void write_scored_pairs(const std::filesystem::path& path, const csr_graph& graph,
                        std::span<const std::pair<vertex_t, vertex_t>> pairs, std::span<const double> score,
                        std::string_view column);

}  // namespace plexus::io
