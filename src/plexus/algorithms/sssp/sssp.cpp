// Public sssp(): argument and weight checks, the default delta, and dispatch to the back end
// of the graph (the near-far loop is sssp_loop.hpp).
#include "plexus/algorithms/sssp/sssp.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
// The loop of sssp_loop.hpp, compiled once per back end from sssp_instances.hpp.
template <class Space>
sssp_result sssp_run(const device_graph&, vertex_t, weight_t, const sssp_options&);
}  // namespace detail

weight_t default_sssp_delta(const device_graph& graph) {
  const weight_summary& w = graph.weights();
  const double n = std::max<double>(1, graph.num_vertices());
  const double average_degree = std::max(1e-9, static_cast<double>(graph.num_edges()) / n);
  const bool narrow = family_of(graph.where()) == backend_family::cpu && average_degree >= kNarrowDeltaDegree;
  const double delta =
      narrow ? std::max(w.min, w.mean / average_degree) : w.mean * std::max(1.0, 64.0 / average_degree);
  return delta > 0 && std::isfinite(delta) ? static_cast<weight_t>(delta) : weight_t(1);
}

sssp_result sssp(const device_graph& graph, vertex_t source, const sssp_options& options) {
  const vertex_t n = graph.num_vertices();
  if (source >= n)
    throw error(
        error_kind::invalid_argument,
        "source " + std::to_string(source) + " out of range: graph has " + std::to_string(n) + " vertices");
  const weight_summary& w = graph.weights();
  if (w.first_invalid != ~edge_t(0))
    throw error(error_kind::invalid_argument,
                "sssp: edge weights must be non-negative numbers, but arc " +
                    std::to_string(w.first_invalid) + " has weight " +
                    std::to_string(graph.host_graph().weights()[w.first_invalid]));
  if (!(options.delta >= 0) || std::isinf(options.delta))
    throw error(error_kind::invalid_argument,
                "sssp: delta must be a finite non-negative number (0: automatic)");
  if (options.pull_fraction && !(*options.pull_fraction >= 0 && *options.pull_fraction <= 1))
    throw error(error_kind::invalid_argument, "sssp: pull_fraction must lie in [0, 1]");
  if (options.direction == direction_mode::pull && !graph.has_in_edges())
    throw error(error_kind::invalid_argument,
                "sssp: pull needs in-edges, but this directed graph has no reverse CSR on this back end");
  const weight_t delta = options.delta > 0 ? options.delta : default_sssp_delta(graph);
  return backends::dispatch(graph.where(), [&]<class Space>() { return detail::sssp_run<Space>(graph, source, delta, options); });
}

}  // namespace plexus
