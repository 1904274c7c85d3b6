// Canonical parents of a breadth-first or shortest-path tree: the output does not depend on
// the vertex order or on which thread of a parallel traversal won a race.
//
// A traversal may reach a vertex along several equally good arcs, and the kernels record
// whichever arc a race or the neighbour order let through. Written results instead use one
// parent fixed by the graph alone: the in-neighbour one level up of smallest original id (the
// input's id). Choosing it in the kernels would add a comparison to every relaxation, so it
// is chosen here, on the host, from the depths or distances the kernels computed, which are
// themselves unique; `plexus run` writes and verifies these parents.
#pragma once

#include <atomic>
#include <cstdint>
#include <limits>
#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus {

/// BFS parents from the depths of a search from `source` (unreached_depth where unreached):
/// parent[v] is the in-neighbour u of depth[v] - 1 of smallest original id, parent[source] ==
/// source, invalid_vertex where unreached. Uses the out-arcs only.
host_vector<vertex_t> canonical_bfs_parents(const csr_graph& graph, vertex_t source,
                                            std::span<const vertex_t> depth);

namespace detail {

/// parent[v] for every vertex v != source with level[v] != unset: among the arcs e = u -> v
/// with level[u] + 1 == level[v] and keep(u, e), the tail u of smallest original id;
/// parent[source] = source, invalid_vertex elsewhere. One parallel pass over the out-arcs
/// finds each vertex's smallest original id (original ids are distinct, so it names one
/// tail), a second writes that tail.
template <class Keep>
host_vector<vertex_t> smallest_id_parents(const csr_graph& graph, vertex_t source,
                                          std::span<const vertex_t> level, vertex_t unset, Keep&& keep) {
  const vertex_t n = graph.num_vertices();
  const auto offsets = graph.offsets();
  const auto indices = graph.indices();
  constexpr std::uint64_t none = std::numeric_limits<std::uint64_t>::max();
  host_vector<std::uint64_t> best(n, none);
  const auto candidate = [&](vertex_t u, edge_t e) {
    const vertex_t v = indices[e];
    return level[u] != unset && v != source && level[v] != unset && level[v] == level[u] + 1 && keep(u, e);
  };
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u) {
    const std::uint64_t id = graph.original_id(u);
    for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      if (!candidate(u, e)) continue;
      // Lowered only: the final value is the minimum over all candidates whatever the order.
      std::atomic_ref<std::uint64_t> slot(best[indices[e]]);
      std::uint64_t seen = slot.load(std::memory_order_relaxed);
      while (id < seen && !slot.compare_exchange_weak(seen, id, std::memory_order_relaxed)) {
      }
    }
  }
  host_vector<vertex_t> parent(n, invalid_vertex);
  if (source < n) parent[source] = source;
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u)
    for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e)
      if (candidate(u, e) && best[indices[e]] == graph.original_id(u)) parent[indices[e]] = u;
  return parent;
}

}  // namespace detail
}  // namespace plexus
