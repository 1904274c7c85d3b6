// CUDA instantiations of edge-connected, pair and top-k Jaccard (algorithms/detail/jaccard_impl.hpp).
#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/jaccard/jaccard_loop.hpp"

namespace plexus::detail {

jaccard_result jaccard_cuda(const device_graph& graph, const jaccard_options& options) {
  return jaccard_run<exec::cuda>(graph, options);
}
jaccard_result jaccard_pairs_cuda(const device_graph& graph, std::span<const std::pair<vertex_t, vertex_t>> pairs,
                                  const jaccard_options& options) {
  return jaccard_pairs_run<exec::cuda>(graph, pairs, options);
}
jaccard_top_k_result jaccard_top_k_cuda(const device_graph& graph, vertex_t k, const jaccard_options& options) {
  return jaccard_top_k_run<exec::cuda>(graph, k, options);
}

}  // namespace plexus::detail
