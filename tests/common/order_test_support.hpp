// Results compared across vertex orders: a graph and its relabelling by degree name the same
// vertices by their original ids, so a result that does not depend on the order is the same
// map from original ids to original ids (labels, parents) or to values.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <ranges>
#include <utility>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "plexus/graph/relabel.hpp"

namespace plexus_test {

/// The graph renumbered by decreasing degree (--order degree).
inline plexus::csr_graph degree_ordered(const plexus::csr_graph& graph) {
  return plexus::relabel(graph, plexus::vertex_order::degree);
}

/// The same hypergraph with its vertices numbered in reverse, original ids carried along.
inline plexus::hypergraph reverse_numbered(const plexus::hypergraph& h) {
  const plexus::vertex_t n = h.num_vertices();
  plexus::incidence_list incidence;
  incidence.num_vertices = n;
  for (plexus::hyperedge_t e = 0; e < h.num_hyperedges(); ++e) {
    for (const plexus::vertex_t v : h.pins(e)) incidence.pins.push_back(n - 1 - v);
    incidence.edge_offsets.push_back(incidence.pins.size());
  }
  incidence.original_ids.resize(n);
  for (plexus::vertex_t v = 0; v < n; ++v) incidence.original_ids[n - 1 - v] = h.original_id(v);
  return plexus::build_hypergraph(std::move(incidence));
}

/// value[v] of every vertex, keyed by v's original id.
template <class Graph, class Range>
auto values_by_id(const Graph& graph, const Range& value) {
  std::map<std::uint64_t, std::ranges::range_value_t<Range>> result;
  for (plexus::vertex_t v = 0; v < std::ranges::size(value); ++v) result[graph.original_id(v)] = value[v];
  return result;
}

/// The vertex label[v] names (a community, a parent) as an original id, keyed by v's original
/// id; invalid_vertex stays the largest 64-bit value.
template <class Graph, class Range>
std::map<std::uint64_t, std::uint64_t> labels_by_id(const Graph& graph, const Range& label) {
  std::map<std::uint64_t, std::uint64_t> result;
  for (plexus::vertex_t v = 0; v < std::ranges::size(label); ++v)
    result[graph.original_id(v)] = label[v] == plexus::invalid_vertex
                                       ? std::numeric_limits<std::uint64_t>::max()
                                       : graph.original_id(label[v]);
  return result;
}

}  // namespace plexus_test
