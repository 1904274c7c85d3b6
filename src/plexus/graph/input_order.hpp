// The input's order of the vertices: where each vertex's original id stands among all of them.
//
// Internal ids are a layout: a reader may renumber the ids that occur, relabel() renumbers by
// degree (--order degree), and a .plx cache keeps whichever numbering it was written with. A
// result must not depend on that layout, so wherever an algorithm breaks a tie by vertex id
// (label propagation's smallest label, a component's smallest member, Jaccard's top-k, a
// canonical BFS parent) it compares original ids. Kernels compare ranks instead: rank[v] is
// the position of v's original id in increasing order, a dense 32-bit key with the same order
// as the original ids, and vertex[r] is the vertex of rank r. When original ids increase with
// the internal id (every graph a reader builds, before any relabelling) both maps are the
// identity and are left empty, so that case costs nothing.
#pragma once

#include <cstdint>
#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus {

class input_order {
 public:
  /// The order of `original_ids` (one per vertex; empty means original id = internal id).
  explicit input_order(std::span<const std::uint64_t> original_ids);
  explicit input_order(const csr_graph& graph) : input_order(graph.original_ids()) {}
  explicit input_order(const hypergraph& graph) : input_order(graph.original_ids()) {}

  /// True when rank and vertex are the identity (original ids increase with the id).
  bool identity() const { return rank_.empty(); }
  vertex_t rank(vertex_t v) const { return identity() ? v : rank_[v]; }
  vertex_t vertex(vertex_t r) const { return identity() ? r : vertex_[r]; }
  /// rank(v) per vertex, or empty for the identity.
  const host_vector<vertex_t>& ranks() const { return rank_; }
  /// vertex(r) per rank, or empty for the identity.
  const host_vector<vertex_t>& vertices() const { return vertex_; }
  /// Replaces every rank in `values` by its vertex (invalid_vertex stays).
  void ranks_to_vertices(std::span<vertex_t> values) const;

 private:
  host_vector<vertex_t> rank_, vertex_;
};

/// Whether `original_ids` increase strictly with the index (true when empty).
bool ids_ascending(std::span<const std::uint64_t> original_ids);

/// Renames every set of a labelling by its member of smallest original id. label[v] must be a
/// member of v's set (as union-find roots are); nothing changes when the ids ascend, where
/// the smallest id is already the smallest original id.
void label_by_smallest_original_id(std::span<const std::uint64_t> original_ids, std::span<vertex_t> label);

}  // namespace plexus
