// CUDA instantiation of the label propagation loop (algorithms/detail/label_propagation_impl.hpp).
#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/lp/lp_loop.hpp"

namespace plexus::detail {

lp_result label_propagation_cuda(const device_graph& graph, const lp_options& options) {
  return lp_run<exec::cuda>(graph, options);
}

}  // namespace plexus::detail
