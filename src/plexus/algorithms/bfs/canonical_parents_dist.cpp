// Canonical BFS parents across ranks (see canonical_parents_dist.hpp).
#include "plexus/algorithms/bfs/canonical_parents_dist.hpp"

#include "plexus/algorithms/bfs/bfs.hpp"

namespace plexus {

distributed_parents canonical_bfs_parents_distributed(dist::communicator& comm, const dist::rank_graph& graph,
                                                      vertex_t source, std::span<const vertex_t> depth,
                                                      dist::exchange_stats& stats) {
  return detail::smallest_id_parents_distributed(
      comm, graph, source, depth, unreached_depth, [](vertex_t, edge_t) { return true; }, stats);
}

}  // namespace plexus
