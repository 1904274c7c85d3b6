// A slice of a graph in memory (graph_slice.hpp).
#include "plexus/dist/graph_slice.hpp"

#include <algorithm>

#include "plexus/core/error.hpp"

namespace plexus::dist {

namespace {

/// Rows [first, last) of `arrays`, offsets rebased to 0.
csr_arrays rows_of(const csr_arrays& arrays, vertex_t first, vertex_t last) {
  csr_arrays rows;
  const edge_t begin = arrays.offsets[first], end = arrays.offsets[last];
  rows.offsets.resize(static_cast<std::size_t>(last - first) + 1);
  for (vertex_t v = first; v <= last; ++v) rows.offsets[v - first] = arrays.offsets[v] - begin;
  rows.indices.assign(arrays.indices.begin() + static_cast<std::ptrdiff_t>(begin),
                      arrays.indices.begin() + static_cast<std::ptrdiff_t>(end));
  if (!arrays.weights.empty())
    rows.weights.assign(arrays.weights.begin() + static_cast<std::ptrdiff_t>(begin),
                        arrays.weights.begin() + static_cast<std::ptrdiff_t>(end));
  return rows;
}

}  // namespace

graph_slice slice_of(const csr_graph& graph, vertex_t first, vertex_t last) {
  if (first > last || last > graph.num_vertices())
    throw error(error_kind::invalid_argument, "slice_of: rows outside the graph");
  graph_slice slice;
  slice.num_vertices = graph.num_vertices();
  slice.num_edges = graph.num_edges();
  slice.directed = graph.directed();
  slice.weighted = graph.weighted();
  slice.first = first;
  slice.out = rows_of(graph.out(), first, last);
  if (graph.directed() && graph.has_in_edges()) slice.in = rows_of(graph.in(), first, last);
  if (graph.has_original_ids())
    slice.original_ids.assign(graph.original_ids().begin() + first, graph.original_ids().begin() + last);
  return slice;
}

}  // namespace plexus::dist
