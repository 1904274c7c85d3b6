// CUDA instantiation of the triangle-counting loop (algorithms/detail/triangles_impl.hpp).
#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/tc/tc_loop.hpp"

namespace plexus::detail {

triangle_result triangle_count_cuda(const device_graph& graph, const triangle_options& options) {
  return triangle_count_run<exec::cuda>(graph, options);
}

}  // namespace plexus::detail
