// Canonical shortest-path-tree parents (see sssp_parents.hpp).
#include "plexus/algorithms/sssp/sssp_parents.hpp"

#include <atomic>
#include <cmath>
#include <vector>

#include "plexus/algorithms/bfs/canonical_parents.hpp"

namespace plexus {

namespace {

/// fewest tight arcs from the source to every vertex, invalid_vertex where none leads: a
/// level-synchronous breadth-first search over the tight arcs, each vertex claimed once by a
/// compare-and-swap (its level is the same whichever thread claims it).
template <class Tight>
host_vector<vertex_t> tight_hops(const csr_graph& graph, vertex_t source, Tight&& tight) {
  const vertex_t n = graph.num_vertices();
  const auto offsets = graph.offsets();
  const auto indices = graph.indices();
  host_vector<vertex_t> hops(n, invalid_vertex);
  if (source >= n) return hops;
  hops[source] = 0;
  std::vector<vertex_t> frontier{source}, next;
  for (vertex_t level = 0; !frontier.empty(); ++level) {
    next.clear();
#pragma omp parallel
    {
      std::vector<vertex_t> found;
#pragma omp for schedule(dynamic, 64) nowait
      for (std::size_t i = 0; i < frontier.size(); ++i) {
        const vertex_t u = frontier[i];
        for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e) {
          if (!tight(u, e)) continue;
          std::atomic_ref<vertex_t> slot(hops[indices[e]]);
          vertex_t expected = invalid_vertex;
          if (slot.compare_exchange_strong(expected, level + 1, std::memory_order_relaxed))
            found.push_back(indices[e]);
        }
      }
#pragma omp critical
      next.insert(next.end(), found.begin(), found.end());
    }
    frontier.swap(next);
  }
  return hops;
}

}  // namespace

host_vector<vertex_t> canonical_sssp_parents(const csr_graph& graph, vertex_t source,
                                             std::span<const weight_t> distance) {
  const auto indices = graph.indices();
  const auto weights = graph.weights();
  const bool weighted = graph.weighted();
  // The kernels' own arithmetic: one float addition, weight 1 on unweighted graphs.
  const auto tight = [&](vertex_t u, edge_t e) {
    const weight_t w = weighted ? weights[e] : weight_t(1);
    return !std::isinf(distance[u]) && distance[u] + w == distance[indices[e]];
  };
  const host_vector<vertex_t> hops = tight_hops(graph, source, tight);
  return detail::smallest_id_parents(graph, source, hops, invalid_vertex, tight);
}

}  // namespace plexus
