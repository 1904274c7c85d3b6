// CUDA instantiation of the single-source near-far SSSP loop (algorithms/detail/sssp_impl.hpp).
#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/sssp/sssp_loop.hpp"

namespace plexus::detail {

sssp_result sssp_cuda(const device_graph& graph, vertex_t source, weight_t delta, const sssp_options& options) {
  return sssp_run<exec::cuda>(graph, source, delta, options);
}

}  // namespace plexus::detail
