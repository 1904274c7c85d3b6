// Public hyper_bfs(): argument checks and dispatch to a back end; the host (OpenMP)
// instantiation of the hypergraph BFS loop.
#include "plexus/algorithms/hyper_bfs/hyper_bfs.hpp"

#include <fmt/format.h>

#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/hyper_bfs/hyper_bfs_loop.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
hyper_bfs_result hyper_bfs_host(const device_hypergraph& graph, vertex_t source, const hyper_bfs_options& options) {
  return hyper_bfs_run<exec::host>(graph, source, options);
}
}  // namespace detail

hyper_bfs_result hyper_bfs(const device_hypergraph& graph, vertex_t source, const hyper_bfs_options& options) {
  if (source >= graph.num_vertices())
    throw error(error_kind::invalid_argument,
                fmt::format("hyper_bfs: source {} out of range: hypergraph has {} vertices", source,
                            graph.num_vertices()));
  if (graph.where() == backend::cuda) {
#if defined(PLEXUS_HAVE_CUDA)
    return detail::hyper_bfs_cuda(graph, source, options);
#else
    throw error(error_kind::unsupported, "cuda back end: this build of Plexus was compiled without CUDA");
#endif
  }
  return detail::hyper_bfs_host(graph, source, options);
}

}  // namespace plexus
