// Public triangle_count(): argument checks and dispatch to a back end; and the host (OpenMP)
// instantiation of the triangle-counting loop (algorithms/detail/triangles_impl.hpp).
#include "plexus/algorithms/tc/tc.hpp"

#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/tc/tc_loop.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
triangle_result triangle_count_host(const device_graph& graph, const triangle_options& options) {
  return triangle_count_run<exec::host>(graph, options);
}
}  // namespace detail

triangle_result triangle_count(const device_graph& graph, const triangle_options& options) {
  if (graph.host_graph().directed())
    throw error(error_kind::invalid_argument,
                "triangle_count needs an undirected graph: symmetrize the directed graph when reading it");
  if (graph.where() == backend::cuda) {
#if defined(PLEXUS_HAVE_CUDA)
    return detail::triangle_count_cuda(graph, options);
#else
    throw error(error_kind::unsupported, "cuda back end: this build of Plexus was compiled without CUDA");
#endif
  }
  return detail::triangle_count_host(graph, options);
}

}  // namespace plexus
