// Argument check shared by the algorithms whose intersections assume every neighbour list
// holds each neighbour once (betweenness path counts, Jaccard set sizes).
#pragma once

#include <string>

#include "plexus/core/error.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::detail {

/// Throws plexus::error(invalid_argument), naming `algorithm`, the vertex and the neighbour,
/// when some neighbour list repeats a neighbour (a graph built with keep_parallel_edges).
inline void require_simple_lists(const csr_graph& g, const std::string& algorithm) {
  const auto offsets = g.offsets();
  const auto indices = g.indices();
  for (vertex_t u = 0; u < g.num_vertices(); ++u)
    for (edge_t e = offsets[u] + 1; e < offsets[u + 1]; ++e)
      if (indices[e] == indices[e - 1])
        throw error(error_kind::invalid_argument, algorithm + ": vertex " + std::to_string(g.original_id(u)) +
                                                      " lists neighbour " +
                                                      std::to_string(g.original_id(indices[e])) +
                                                      " twice: build the graph without keep_parallel_edges");
}

}  // namespace plexus::detail
