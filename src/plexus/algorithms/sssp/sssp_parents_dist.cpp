// Canonical shortest-path-tree parents across ranks (see sssp_parents_dist.hpp).
#include "plexus/algorithms/sssp/sssp_parents_dist.hpp"

#include <cmath>
#include <limits>

#include "plexus/dist/ghost_broadcast.hpp"
#include "plexus/dist/ghost_sets.hpp"
#include "plexus/frontier/bitmap_frontier.hpp"
#include "plexus/frontier/sparse_frontier.hpp"

namespace plexus {

namespace {

/// The fewest tight arcs from the source to every owned vertex (invalid_vertex where none
/// leads), by local id: a level-synchronous search over the ranks. A ghost's entry records
/// that this rank has sent it, so that it is sent once, at the first level that reaches it.
template <class Tight>
host_vector<vertex_t> tight_hops_distributed(dist::communicator& comm,
                                             dist::ghost_exchange<exec::host>& exchange,
                                             const csr_graph& graph, vertex_t source, Tight&& tight) {
  const exec::host space;
  const dist::partition& part = exchange.part();
  const vertex_t owned = part.num_owned();
  const auto offsets = graph.offsets();
  const auto heads = graph.indices();
  host_vector<vertex_t> hops(part.num_local(), invalid_vertex);
  vertex_t* hop = hops.data();
  sparse_frontier<exec::host> frontier(owned), next(owned);
  bitmap_frontier<exec::host> reached_ghosts(part.num_local());
  const auto ghost_marks = reached_ghosts.view();
  if (part.owns(source)) {
    const vertex_t first[1] = {part.local_id(source)};
    hops[first[0]] = 0;
    frontier.assign(first);
  }
  std::uint64_t size = comm.all_reduce<std::uint64_t>(frontier.size(), dist::reduce_op::sum);
  for (vertex_t level = 0; size > 0; ++level) {
    next.clear();
    const auto found = next.view();
    // The claiming compare-and-swap elects one writer per vertex; its level is the same
    // whichever thread wins.
    const auto claim = [=](vertex_t v) {
      return exec::atomic_cas(&hop[v], invalid_vertex, level + 1) == invalid_vertex;
    };
    const vertex_t* members = frontier.data();
    exec::for_each(space, frontier.size(), [&](std::size_t i) {
      const vertex_t u = members[i];
      for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e) {
        if (!tight(u, e) || !claim(heads[e])) continue;
        if (heads[e] < owned)
          found.push(heads[e]);
        else
          ghost_marks.set(heads[e]);
      }
    });
    dist::reduce_set_to_owners(exchange, reached_ghosts.data(), [=](vertex_t v) {
      if (claim(v)) found.push(v);
    });
    reached_ghosts.clear();
    frontier.swap(next);
    size = comm.all_reduce<std::uint64_t>(frontier.size(), dist::reduce_op::sum);
  }
  hops.resize(owned);
  return hops;
}

}  // namespace

distributed_parents canonical_sssp_parents_distributed(dist::communicator& comm,
                                                       const dist::rank_graph& graph, vertex_t source,
                                                       std::span<const weight_t> distance,
                                                       dist::exchange_stats& stats) {
  const dist::partition& part = graph.part;
  dist::ghost_exchange<exec::host> exchange(comm, part);
  host_vector<weight_t> distances(part.num_local(), std::numeric_limits<weight_t>::infinity());
  std::copy(distance.begin(), distance.end(), distances.begin());
  dist::broadcast_to_ghosts(exchange, distances.data());
  const auto heads = graph.graph.indices();
  const auto weights = graph.graph.weights();
  const bool weighted = graph.graph.weighted();
  // The kernels' own arithmetic, as canonical_sssp_parents reads it.
  const auto tight = [&](vertex_t u, edge_t e) {
    const weight_t w = weighted ? weights[e] : weight_t(1);
    return !std::isinf(distances[u]) && distances[u] + w == distances[heads[e]];
  };
  const host_vector<vertex_t> hops = tight_hops_distributed(comm, exchange, graph.graph, source, tight);
  stats += exchange.stats();
  return detail::smallest_id_parents_distributed(comm, graph, source, hops, invalid_vertex, tight, stats);
}

}  // namespace plexus
