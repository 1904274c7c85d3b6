// CUDA instantiation of the hypergraph components loop
// (algorithms/detail/hyper_components_impl.hpp).
#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/hyper_cc/hyper_cc_loop.hpp"

namespace plexus::detail {

hyper_components_result hyper_components_cuda(const device_hypergraph& graph,
                                              const hyper_components_options& options) {
  return hyper_components_run<exec::cuda>(graph, options);
}

}  // namespace plexus::detail
