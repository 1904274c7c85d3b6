// CUDA instantiation of batched Brandes betweenness (algorithms/detail/betweenness_impl.hpp).
#include "plexus/algorithms/bc/bc_loop.hpp"
#include "plexus/algorithms/detail/dispatch.hpp"

namespace plexus::detail {

betweenness_raw betweenness_cuda(const device_graph& graph, std::span<const vertex_t> sources, bool endpoints,
                                 vertex_t batch_size) {
  return betweenness_run<exec::cuda>(graph, sources, endpoints, batch_size);
}

}  // namespace plexus::detail
