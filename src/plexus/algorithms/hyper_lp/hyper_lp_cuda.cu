// CUDA instantiation of the hypergraph label propagation loop
// (algorithms/detail/hyper_label_propagation_impl.hpp).
#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/hyper_lp/hyper_lp_loop.hpp"

namespace plexus::detail {

hyper_label_propagation_result hyper_label_propagation_cuda(const device_hypergraph& graph,
                                                            const hyper_label_propagation_options& options) {
  return hyper_lp_run<exec::cuda>(graph, options);
}

}  // namespace plexus::detail
