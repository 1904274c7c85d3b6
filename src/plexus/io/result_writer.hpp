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

/// How a result file names the vertices it lists: the input's id of each of `count` vertices
/// numbered from 0 (a graph's, or the ones a rank of a distributed run owns): original_ids[v],
/// or first + v where there are none.
class vertex_names {
 public:
  vertex_names(vertex_t count, std::span<const std::uint64_t> original_ids, std::uint64_t first = 0)
      : count_(count), original_ids_(original_ids), first_(first) {}
  explicit vertex_names(const csr_graph& graph) : vertex_names(graph.num_vertices(), graph.original_ids()) {}

  vertex_t num_vertices() const { return count_; }
  std::span<const std::uint64_t> original_ids() const { return original_ids_; }
  std::uint64_t original_id(vertex_t v) const {
    return original_ids_.empty() ? first_ + v : original_ids_[v];
  }

 private:
  vertex_t count_;
  std::span<const std::uint64_t> original_ids_;
  std::uint64_t first_;
};

/// The parent input id of an unreached vertex, for the forms below that take parents by input id.
inline constexpr std::uint64_t kNoParent = ~std::uint64_t{0};

void write_bfs_result(const std::filesystem::path& path, const csr_graph& graph,
                      std::span<const vertex_t> depth, std::span<const vertex_t> parent);
/// The same for vertices named by `names`, each parent given by its input id (kNoParent where
/// unreached): a distributed run's file, whose parents may be another rank's vertices.
void write_bfs_result(const std::filesystem::path& path, const vertex_names& names,
                      std::span<const vertex_t> depth, std::span<const std::uint64_t> parent);

void write_sssp_result(const std::filesystem::path& path, const csr_graph& graph,
                       std::span<const weight_t> distance, std::span<const vertex_t> parent);
/// The same for vertices named by `names`, each parent given by its input id (kNoParent where
/// unreached), as write_bfs_result's distributed form.
void write_sssp_result(const std::filesystem::path& path, const vertex_names& names,
                       std::span<const weight_t> distance, std::span<const std::uint64_t> parent);

/// `column` names the value in the header line: "component", "community".
void write_vertex_labels(const std::filesystem::path& path, const csr_graph& graph,
                         std::span<const vertex_t> label, std::string_view column);
void write_vertex_labels(const std::filesystem::path& path, const hypergraph& graph,
                         std::span<const vertex_t> label, std::string_view column);
/// The same for vertices named by `names`, each label given by its input id: a distributed
/// run's file, whose labels may be another rank's vertices.
void write_vertex_labels(const std::filesystem::path& path, const vertex_names& names,
                         std::span<const std::uint64_t> label, std::string_view column);

/// Hypergraph BFS depths; invalid_vertex (unreached) is written as -1.
void write_vertex_depths(const std::filesystem::path& path, const hypergraph& graph,
                         std::span<const vertex_t> depth);

void write_vertex_reals(const std::filesystem::path& path, const csr_graph& graph,
                        std::span<const double> value, std::string_view column);
void write_vertex_reals(const std::filesystem::path& path, const vertex_names& names,
                        std::span<const double> value, std::string_view column);

void write_vertex_counts(const std::filesystem::path& path, const csr_graph& graph,
                         std::span<const std::uint64_t> count, std::string_view column);

/// score[i] belongs to pairs[i]; both ids internal, written as original ids. `column` names
/// the score.
void write_scored_pairs(const std::filesystem::path& path, const csr_graph& graph,
                        std::span<const std::pair<vertex_t, vertex_t>> pairs, std::span<const double> score,
                        std::string_view column);

}  // namespace plexus::io
