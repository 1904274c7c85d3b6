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
#include <type_traits>

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

/// An arc u -> v of `graph` is a candidate parent arc of v when both ends are reached, v is not
/// the source, v lies one level below u and keep(u, e) holds.
template <class Keep>
struct parent_arcs {
  const csr_graph& graph;
  vertex_t source;
  std::span<const vertex_t> level;
  vertex_t unset;
  Keep& keep;

  bool operator()(vertex_t u, edge_t e) const {
    const vertex_t v = graph.indices()[e];
    return level[u] != unset && v != source && level[v] != unset && level[v] == level[u] + 1 && keep(u, e);
  }
};

/// For every vertex v, the smallest id_of(u) over the candidate arcs u -> v (the largest
/// 64-bit value where v has none). One parallel pass over the out-arcs; distinct ids name one tail.
template <class Candidate, class IdOf>
host_vector<std::uint64_t> smallest_tail_ids(const csr_graph& graph, const Candidate& candidate,
                                             IdOf&& id_of) {
  const vertex_t n = graph.num_vertices();
  const auto offsets = graph.offsets();
  const auto indices = graph.indices();
  host_vector<std::uint64_t> best(n, std::numeric_limits<std::uint64_t>::max());
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u) {
    const std::uint64_t id = id_of(u);
    for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      if (!candidate(u, e)) continue;
      // Lowered only: the final value is the minimum over all candidates whatever the order.
      std::atomic_ref<std::uint64_t> slot(best[indices[e]]);
      std::uint64_t seen = slot.load(std::memory_order_relaxed);
      while (id < seen && !slot.compare_exchange_weak(seen, id, std::memory_order_relaxed)) {
      }
    }
  }
  return best;
}

/// For every vertex v, the tail u of the candidate arc u -> v with id_of(u) == best[v];
/// invalid_vertex where there is none.
template <class Candidate, class IdOf>
host_vector<vertex_t> tails_with_ids(const csr_graph& graph, const Candidate& candidate, IdOf&& id_of,
                                     std::span<const std::uint64_t> best) {
  const vertex_t n = graph.num_vertices();
  const auto offsets = graph.offsets();
  const auto indices = graph.indices();
  host_vector<vertex_t> tail(n, invalid_vertex);
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u)
    for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e)
      if (candidate(u, e) && best[indices[e]] == id_of(u)) tail[indices[e]] = u;
  return tail;
}

/// parent[v] for every vertex v != source with level[v] != unset: among the arcs e = u -> v
/// with level[u] + 1 == level[v] and keep(u, e), the tail u of smallest original id;
/// parent[source] = source, invalid_vertex elsewhere. One parallel pass over the out-arcs
/// finds each vertex's smallest original id (original ids are distinct, so it names one
/// tail), a second writes that tail.
template <class Keep>
host_vector<vertex_t> smallest_id_parents(const csr_graph& graph, vertex_t source,
                                          std::span<const vertex_t> level, vertex_t unset, Keep&& keep) {
  const parent_arcs<std::remove_reference_t<Keep>> candidate{graph, source, level, unset, keep};
  const auto id_of = [&](vertex_t u) { return graph.original_id(u); };
  const host_vector<std::uint64_t> best = smallest_tail_ids(graph, candidate, id_of);
  host_vector<vertex_t> parent = tails_with_ids(graph, candidate, id_of, best);
  if (source < graph.num_vertices()) parent[source] = source;
  return parent;
}

}  // namespace detail
}  // namespace plexus
