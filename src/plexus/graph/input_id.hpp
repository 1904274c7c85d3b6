// How a message names a vertex: by the input's own id.
//
// Vertex ids on the command line and in result files are the input's ids (a SNAP file's 100,
// 200, 300; Matrix Market's ids from 1), so every message that names a vertex of a graph names
// it by its original id too, never by the internal id the graph numbers it with. A value that
// is not a vertex of the graph (a corrupt parent, invalid_vertex, a label past the vertex
// count) has no input id and is named as it is.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>

#include "plexus/core/types.hpp"

namespace plexus {

/// The input's id of v when v is a vertex of `graph` (a csr_graph or a hypergraph), else v.
template <class Graph>
std::uint64_t input_id(const Graph& graph, vertex_t v) {
  return v < graph.num_vertices() ? graph.original_id(v) : v;
}

/// The smallest and the largest input id of `graph`'s vertices (it has at least one): 0 and
/// n - 1 when ids were not renumbered. They name every vertex exactly when the graph has
/// largest - smallest + 1 vertices; else the ids leave gaps (a SNAP file's 100, 200, 300).
template <class Graph>
std::pair<std::uint64_t, std::uint64_t> input_id_range(const Graph& graph) {
  if (!graph.has_original_ids()) return {0, graph.num_vertices() - 1};
  const auto [smallest, largest] = std::ranges::minmax(graph.original_ids());
  return {smallest, largest};
}

}  // namespace plexus
