// csr_graph: a graph in compressed sparse row form, owned in host memory.
//
// Undirected graphs store every edge in both directions, so out-neighbours are all
// neighbours. Directed graphs may also hold the reverse CSR (in-neighbours, i.e. the CSC),
// which pull-style operators need. Neighbour lists are sorted; self-loops and parallel
// edges are removed unless the builder was told to keep them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus {

struct csr_arrays {
  host_vector<edge_t> offsets;    // num_vertices + 1 entries, offsets[0] == 0
  host_vector<vertex_t> indices;  // offsets.back() entries
  host_vector<weight_t> weights;  // empty, or one per entry of indices

  vertex_t num_vertices() const { return offsets.empty() ? 0 : static_cast<vertex_t>(offsets.size() - 1); }
  edge_t num_edges() const { return indices.size(); }
  csr_view view() const;
};

class csr_graph {
 public:
  csr_graph() = default;
  /// Takes ownership of checked arrays. `in` is the reverse CSR of a directed graph (may be
  /// absent); `original_ids` maps ids back to the input's ids (empty for identity).
  csr_graph(csr_arrays out, bool directed, std::optional<csr_arrays> in = std::nullopt,
            host_vector<std::uint64_t> original_ids = {});

  vertex_t num_vertices() const { return out_.num_vertices(); }
  /// Stored arcs: an undirected edge counts twice (once per direction), a self-loop once.
  edge_t num_edges() const { return out_.num_edges(); }
  /// Edges as a user counts them: arcs for directed graphs, unordered pairs for undirected.
  edge_t num_logical_edges() const;
  bool directed() const { return directed_; }
  bool weighted() const { return !out_.weights.empty(); }

  const csr_arrays& out() const { return out_; }
  std::span<const edge_t> offsets() const { return out_.offsets; }
  std::span<const vertex_t> indices() const { return out_.indices; }
  std::span<const weight_t> weights() const { return out_.weights; }
  edge_t degree(vertex_t v) const { return out_.offsets[v + 1] - out_.offsets[v]; }
  std::span<const vertex_t> neighbors(vertex_t v) const {
    return {out_.indices.data() + out_.offsets[v], static_cast<std::size_t>(degree(v))};
  }

  /// True when in-neighbours are available: always for undirected graphs.
  bool has_in_edges() const { return !directed_ || in_.has_value(); }
  /// In-neighbour CSR; for undirected graphs the same arrays as out(). Throws when absent.
  const csr_arrays& in() const;
  /// Computes the reverse CSR of a directed graph if it is not there yet.
  void build_in_edges();

  csr_view view() const { return out_.view(); }
  csr_view in_view() const { return in().view(); }

  bool has_original_ids() const { return !original_ids_.empty(); }
  std::span<const std::uint64_t> original_ids() const { return original_ids_; }
  /// The input's id for vertex v (v itself when ids were not renumbered).
  std::uint64_t original_id(vertex_t v) const { return original_ids_.empty() ? v : original_ids_[v]; }

 private:
  csr_arrays out_;
  std::optional<csr_arrays> in_;
  host_vector<std::uint64_t> original_ids_;
  bool directed_ = false;
  edge_t self_loops_ = 0;
};

/// Reverse (transpose) of a CSR with `num_vertices` columns, built in parallel; neighbour
/// lists of the result are sorted and weights follow their arcs.
csr_arrays transpose(const csr_arrays& arrays);
/// Reverse of a CSR with `num_columns` columns (any number, e.g. hyperedge -> vertex
/// incidence): the result has num_columns rows whose entries are row ids of `arrays`.
csr_arrays transpose(const csr_arrays& arrays, vertex_t num_columns);

}  // namespace plexus
