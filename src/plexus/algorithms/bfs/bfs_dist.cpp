// Public bfs_distributed(): argument checks every rank makes alike, and dispatch to the back
// end of the local graph (the loop is bfs_dist_loop.hpp).
#include "plexus/algorithms/bfs/bfs_dist.hpp"

#include <cstdint>
#include <string>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
// The loop of bfs_dist_loop.hpp, compiled once per back end from bfs_dist_instances.hpp.
template <class Space>
bfs_dist_result bfs_dist_run(dist::communicator&, const dist::partition&, const device_graph&, vertex_t, bool,
                             const bfs_options&);
}  // namespace detail

bfs_dist_result bfs_distributed(dist::communicator& comm, const dist::partition& part,
                                const device_graph& graph, vertex_t source, const bfs_options& options) {
  const vertex_t n = part.ranges().num_vertices();
  if (source >= n)
    throw error(
        error_kind::invalid_argument,
        "source " + std::to_string(source) + " out of range: graph has " + std::to_string(n) + " vertices");
  if ((options.alpha && !(*options.alpha > 0)) || !(options.beta > 0))
    throw error(error_kind::invalid_argument, "bfs: alpha and beta must be positive");
  // Pull steps need every rank's in-lists: the ranks decide together.
  const bool can_pull =
      comm.all_reduce<std::uint8_t>(graph.has_in_edges() ? 1 : 0, dist::reduce_op::min) != 0;
  if (options.direction == direction_mode::pull && !can_pull)
    throw error(error_kind::invalid_argument,
                "bfs: pull direction needs in-edges: build the reverse CSR of this directed graph");
  return backends::dispatch(graph.where(), [&]<class Space>() {
    return detail::bfs_dist_run<Space>(comm, part, graph, source, can_pull, options);
  });
}

}  // namespace plexus
