// Public connected_components(): argument checks and dispatch to a back end; the host
// (OpenMP) instantiation of the Afforest loop; the component-size histogram.
#include "plexus/algorithms/cc/cc.hpp"

#include <algorithm>
#include <string>

#include "plexus/algorithms/cc/cc_loop.hpp"
#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
cc_result connected_components_host(const device_graph& graph, const cc_options& options) {
  return cc_run<exec::host>(graph, options);
}
}  // namespace detail

cc_result connected_components(const device_graph& graph, const cc_options& options) {
  if (options.neighbor_rounds < 0)
    throw error(error_kind::invalid_argument,
                "connected_components: neighbor_rounds " + std::to_string(options.neighbor_rounds) + " is negative");
  if (options.sample_size < 1)
    throw error(error_kind::invalid_argument,
                "connected_components: sample_size " + std::to_string(options.sample_size) + " must be at least 1");
  if (graph.where() == backend::cuda) {
#if defined(PLEXUS_HAVE_CUDA)
    return detail::connected_components_cuda(graph, options);
#else
    throw error(error_kind::unsupported, "cuda back end: this build of Plexus was compiled without CUDA");
#endif
  }
  return detail::connected_components_host(graph, options);
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> component_size_histogram(std::span<const vertex_t> label) {
  // Labels are arbitrary values: count members per label after sorting a copy.
  std::vector<vertex_t> sorted(label.begin(), label.end());
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::uint64_t> sizes;
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i;
    while (j < sorted.size() && sorted[j] == sorted[i]) ++j;
    sizes.push_back(j - i);
    i = j;
  }
  std::sort(sizes.begin(), sizes.end());
  std::vector<std::pair<std::uint64_t, std::uint64_t>> histogram;
  for (const std::uint64_t size : sizes) {
    if (histogram.empty() || histogram.back().first != size) histogram.emplace_back(size, 0);
    ++histogram.back().second;
  }
  return histogram;
}

}  // namespace plexus
