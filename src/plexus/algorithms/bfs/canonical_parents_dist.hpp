// Canonical parents of a distributed traversal: canonical_parents.hpp's rule (the in-neighbour
// one level up of smallest original id) across ranks, so that every rank count gives the
// parents one process gives.
//
// A vertex's in-arcs may lie on other ranks (a directed graph's tails are owned elsewhere), so
// the choice goes through the owners as canonical_parents.hpp's two passes do, with the
// ghost exchanges (dist/ghost_*.hpp) between them, on the host:
//   1. the ghosts' levels come from their owners (4 bytes per ghost);
//   2. each rank finds, for every vertex its owned tails reach (owned or ghost), the smallest
//      original id among its candidate tails; the ghosts' minima go to the owners (min);
//   3. the owners' winning ids go back to the ghost copies, and the rank whose tail carries
//      the winning id names it by global id; the owners take it (min over one candidate).
#pragma once

#include <cstdint>
#include <limits>
#include <span>

#include "plexus/algorithms/bfs/canonical_parents.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/dist/ghost_broadcast.hpp"
#include "plexus/dist/ghost_reduce.hpp"
#include "plexus/dist/rank_graph.hpp"

namespace plexus {

/// Parents of the vertices a rank owns, by local id.
struct distributed_parents {
  host_vector<vertex_t> parent;         // the parent's global id; invalid_vertex where unreached
  host_vector<std::uint64_t> input_id;  // the parent's original id; the largest value where unreached
};

/// Collective: the parents of canonical_bfs_parents for the depths (owned vertices, by local
/// id) of a distributed search from global id `source`. Adds its exchanges to `stats`.
distributed_parents canonical_bfs_parents_distributed(dist::communicator& comm, const dist::rank_graph& graph,
                                                      vertex_t source, std::span<const vertex_t> depth,
                                                      dist::exchange_stats& stats);

namespace detail {

/// canonical_parents.hpp's smallest_id_parents across ranks: `level` holds the owned
/// vertices' levels (unset where unreached), keep(u, e) the further test of an arc of the
/// local graph.
template <class Keep>
distributed_parents smallest_id_parents_distributed(dist::communicator& comm, const dist::rank_graph& graph,
                                                    vertex_t source, std::span<const vertex_t> level,
                                                    vertex_t unset, Keep&& keep,
                                                    dist::exchange_stats& stats) {
  const dist::partition& part = graph.part;
  const vertex_t owned = part.num_owned(), first = part.first_owned();
  dist::ghost_exchange<exec::host> exchange(comm, part);
  host_vector<vertex_t> levels(part.num_local(), unset);
  std::copy(level.begin(), level.end(), levels.begin());
  dist::broadcast_to_ghosts(exchange, levels.data());
  // The source's copy here, if this rank names it.
  const vertex_t here = part.local_id(source);
  const parent_arcs<std::remove_reference_t<Keep>> candidate{graph.graph, here, levels, unset, keep};
  const auto id_of = [&](vertex_t u) -> std::uint64_t {
    if (u >= owned) return std::numeric_limits<std::uint64_t>::max();  // no lists: never a tail
    return graph.original_ids.empty() ? std::uint64_t{first} + u : graph.original_ids[u];
  };
  host_vector<std::uint64_t> best = smallest_tail_ids(graph.graph, candidate, id_of);
  dist::reduce_to_owners(exchange, best.data(), dist::reduce_op::min);
  dist::broadcast_to_ghosts(exchange, best.data());
  host_vector<vertex_t> tail = tails_with_ids(graph.graph, candidate, id_of, best);
  for (vertex_t& u : tail)
    if (u != invalid_vertex) u += first;
  dist::reduce_to_owners(exchange, tail.data(), dist::reduce_op::min);
  distributed_parents result;
  result.parent.assign(tail.begin(), tail.begin() + owned);
  result.input_id.assign(best.begin(), best.begin() + owned);
  if (part.owns(source)) {
    result.parent[here] = source;
    result.input_id[here] = id_of(here);
  }
  stats += exchange.stats();
  return result;
}

}  // namespace detail
}  // namespace plexus
