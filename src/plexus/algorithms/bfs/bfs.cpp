// Public bfs(): argument checks and dispatch to a back end; and the host (OpenMP)
// instantiation of the single-source BFS loop.
#include "plexus/algorithms/bfs/bfs.hpp"

#include <string>

#include "plexus/algorithms/bfs/bfs_loop.hpp"
#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
bfs_result bfs_host(const device_graph& graph, vertex_t source, const bfs_options& options) {
  return bfs_run<exec::host>(graph, source, options);
}
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
  if (graph.where() == backend::cuda) {
#if defined(PLEXUS_HAVE_CUDA)
    return detail::bfs_cuda(graph, source, options);
#else
    throw error(error_kind::unsupported, "cuda back end: this build of Plexus was compiled without CUDA");
#endif
  }
  return detail::bfs_host(graph, source, options);
}

}  // namespace plexus
