// Canonical BFS parents (see canonical_parents.hpp).
#include "plexus/algorithms/bfs/canonical_parents.hpp"

#include "plexus/algorithms/bfs/bfs.hpp"

namespace plexus {

host_vector<vertex_t> canonical_bfs_parents(const csr_graph& graph, vertex_t source,
                                            std::span<const vertex_t> depth) {
  return detail::smallest_id_parents(graph, source, depth, unreached_depth,
                                     [](vertex_t, edge_t) { return true; });
}

}  // namespace plexus
