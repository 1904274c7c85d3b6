// Canonical shortest-path-tree parents of a distributed run: sssp_parents.hpp's tree (among
// the tight arcs into v from one tight hop closer to the source, the tail of smallest
// original id) across ranks, so that every rank count gives the parents one process gives.
//
// On the host, as on one device, with the ghost exchanges (dist/ghost_*.hpp) between steps:
//   1. the ghosts' distances come from their owners (4 bytes per ghost), so that each rank
//      tells the tight arcs of its owned tails;
//   2. the tight hops, a breadth-first search over the tight arcs level by level: a rank
//      claims the owned heads it reaches and sends the ghosts it reaches to their owners as a
//      sparse set, and one all-reduce per level ends the search on every rank together;
//   3. the tail of smallest original id among the candidate arcs, chosen across ranks as the
//      BFS parents are (bfs/canonical_parents_dist.hpp).
#pragma once

#include <span>

#include "plexus/algorithms/bfs/canonical_parents_dist.hpp"
#include "plexus/dist/rank_graph.hpp"

namespace plexus {

/// Collective: the parents of canonical_sssp_parents for the distances (owned vertices, by
/// local id, +infinity where unreached) of a distributed run from global id `source`. Adds
/// its exchanges to `stats`.
distributed_parents canonical_sssp_parents_distributed(dist::communicator& comm,
                                                       const dist::rank_graph& graph, vertex_t source,
                                                       std::span<const weight_t> distance,
                                                       dist::exchange_stats& stats);

}  // namespace plexus
