// Public bfs(): argument checks and dispatch to the back end of the graph (the loop is
// bfs_loop.hpp).
#include "plexus/algorithms/bfs/bfs.hpp"

#include <string>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
// The loop of bfs_loop.hpp, compiled once per back end from bfs_instances.hpp.
template <class Space>
bfs_result bfs_run(const device_graph&, vertex_t, const bfs_options&);
}  // namespace detail

bfs_result bfs(const device_graph& graph, vertex_t source, const bfs_options& options) {
  const vertex_t n = graph.num_vertices();
  if (source >= n)
    throw error(error_kind::invalid_argument, "source " + std::to_string(source) + " out of range: graph has " +
                                                  std::to_string(n) + " vertices");
  if (options.direction == direction_mode::pull && !graph.has_in_edges())
    throw error(error_kind::invalid_argument,
                "bfs: pull direction needs in-edges: build the reverse CSR of this directed graph");
  if ((options.alpha && !(*options.alpha > 0)) || !(options.beta > 0))
    throw error(error_kind::invalid_argument, "bfs: alpha and beta must be positive");
  return backends::dispatch(graph.where(), [&]<class Space>() { return detail::bfs_run<Space>(graph, source, options); });
}

std::uint64_t bfs_working_bytes(const input_shape& shape, backend where) {
  const bool gpu = family_of(where) == backend_family::simt;
  return (gpu ? 50 : 32) * shape.vertices + kSmallBuffers;
}

}  // namespace plexus
