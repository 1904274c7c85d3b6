// Public hyper_label_propagation(): argument checks and dispatch to a back end; the host
// (OpenMP) instantiation of the loop; the community count of the result.
#include "plexus/algorithms/hyper_lp/hyper_lp.hpp"

#include <fmt/format.h>

#include <vector>

#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/hyper_lp/hyper_lp_loop.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
hyper_label_propagation_result hyper_label_propagation_host(const device_hypergraph& graph,
                                                            const hyper_label_propagation_options& options) {
  return hyper_lp_run<exec::host>(graph, options);
}
}  // namespace detail

hyper_label_propagation_result hyper_label_propagation(const device_hypergraph& graph,
                                                       const hyper_label_propagation_options& options) {
  const vertex_t n = graph.num_vertices();
  if (!(options.tolerance >= 0.0 && options.tolerance <= 1.0))
    throw error(error_kind::invalid_argument,
                fmt::format("hyper_label_propagation: tolerance {} outside [0, 1]", options.tolerance));
  if (!options.initial_labels.empty()) {
    if (options.initial_labels.size() != n)
      throw error(error_kind::invalid_argument,
                  fmt::format("hyper_label_propagation: {} initial labels given for {} vertices",
                              options.initial_labels.size(), n));
    for (vertex_t v = 0; v < n; ++v)
      if (options.initial_labels[v] >= n)
        throw error(error_kind::invalid_argument,
                    fmt::format("hyper_label_propagation: initial label {} of vertex {} is not below the vertex "
                                "count {}",
                                options.initial_labels[v], v, n));
  }
  hyper_label_propagation_result result;
  if (graph.where() == backend::cuda) {
#if defined(PLEXUS_HAVE_CUDA)
    result = detail::hyper_label_propagation_cuda(graph, options);
#else
    throw error(error_kind::unsupported, "cuda back end: this build of Plexus was compiled without CUDA");
#endif
  } else {
    result = detail::hyper_label_propagation_host(graph, options);
  }
  // Labels are below n, so a flag per label counts the distinct ones.
  std::vector<char> seen(n, 0);
  for (const vertex_t l : result.vertex_labels) {
    result.num_communities += !seen[l];
    seen[l] = 1;
  }
  return result;
}

}  // namespace plexus
