// Public label_propagation(): argument checks and dispatch to a back end; the host (OpenMP)
// instantiation of the loop; community count and modularity of the result.
#include "plexus/algorithms/lp/lp.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <vector>

#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/lp/lp_loop.hpp"
#include "plexus/core/error.hpp"
#include "plexus/algorithms/lp/modularity.hpp"

namespace plexus {

namespace detail {
lp_result label_propagation_host(const device_graph& graph, const lp_options& options) {
  return lp_run<exec::host>(graph, options);
}
}  // namespace detail

lp_result label_propagation(const device_graph& graph, const lp_options& options) {
  if (options.max_iterations < 0)
    throw error(error_kind::invalid_argument,
                fmt::format("label_propagation: max_iterations {} is negative", options.max_iterations));
  if (!(options.tolerance >= 0.0 && options.tolerance <= 1.0))
    throw error(error_kind::invalid_argument,
                fmt::format("label_propagation: tolerance {} outside [0, 1]", options.tolerance));
  if (options.variant == lp_variant::cdlp && graph.host_graph().directed() && !graph.has_in_edges())
    throw error(error_kind::invalid_argument,
                "label_propagation: cdlp on a directed graph needs in-edges: build the reverse CSR");
  lp_result result;
  if (graph.where() == backend::cuda) {
#if defined(PLEXUS_HAVE_CUDA)
    result = detail::label_propagation_cuda(graph, options);
#else
    throw error(error_kind::unsupported, "cuda back end: this build of Plexus was compiled without CUDA");
#endif
  } else {
    result = detail::label_propagation_host(graph, options);
  }
  // Labels are vertex ids, so a flag per id counts the distinct ones.
  std::vector<char> seen(result.label.size(), 0);
  for (const vertex_t l : result.label) {
    result.num_communities += !seen[l];
    seen[l] = 1;
  }
  const csr_graph& g = graph.host_graph();
  result.modularity = std::numeric_limits<double>::quiet_NaN();
  if (options.compute_modularity && !g.directed() && g.num_edges() > 0)
    result.modularity = verify::modularity(g, result.label);
  return result;
}

}  // namespace plexus
