// Public hyper_label_propagation(): argument checks, dispatch to the back end of the
// hypergraph (the loop is hyper_lp_loop.hpp) and the community count of the result.
#include "plexus/algorithms/hyper_lp/hyper_lp.hpp"

#include <fmt/format.h>

#include <vector>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
// The loop of hyper_lp_loop.hpp, compiled once per back end from hyper_lp_instances.hpp.
template <class Space>
hyper_label_propagation_result hyper_lp_run(const device_hypergraph&, const hyper_label_propagation_options&);
}  // namespace detail

hyper_label_propagation_result hyper_label_propagation(const device_hypergraph& graph,
                                                       const hyper_label_propagation_options& options) {
  const vertex_t n = graph.num_vertices();
  if (!(options.tolerance >= 0.0 && options.tolerance <= 1.0))
    throw error(error_kind::invalid_argument,
                fmt::format("hypergraph label propagation: tolerance {} outside [0, 1]", options.tolerance));
  if (!options.initial_labels.empty()) {
    if (options.initial_labels.size() != n)
      throw error(error_kind::invalid_argument,
                  fmt::format("hypergraph label propagation: {} initial labels given for {} vertices",
                              options.initial_labels.size(), n));
    for (vertex_t v = 0; v < n; ++v)
      if (options.initial_labels[v] >= n)
        throw error(
            error_kind::invalid_argument,
            fmt::format("hypergraph label propagation: initial label {} of vertex {} is not below the vertex "
                        "count {}",
                        options.initial_labels[v], graph.host_hypergraph().original_id(v), n));
  }
  hyper_label_propagation_result result =
      backends::dispatch(graph.where(), [&]<class Space>() { return detail::hyper_lp_run<Space>(graph, options); });
  // Labels are below n, so a flag per label counts the distinct ones.
  std::vector<char> seen(n, 0);
  for (const vertex_t l : result.vertex_labels) {
    result.num_communities += !seen[l];
    seen[l] = 1;
  }
  return result;
}

}  // namespace plexus
