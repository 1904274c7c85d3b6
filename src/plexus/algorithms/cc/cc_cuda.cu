// CUDA instantiation of the Afforest loop (algorithms/detail/connected_components_impl.hpp).
#include "plexus/algorithms/cc/cc_loop.hpp"
#include "plexus/algorithms/detail/dispatch.hpp"

namespace plexus::detail {

cc_result connected_components_cuda(const device_graph& graph, const cc_options& options) {
  return cc_run<exec::cuda>(graph, options);
}

}  // namespace plexus::detail
