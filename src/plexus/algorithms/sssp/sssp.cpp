// Public sssp(): argument and weight checks, the default delta, and dispatch to the back end
// of the graph (the near-far loop is sssp_loop.hpp).
#include "plexus/algorithms/sssp/sssp.hpp"

#include "plexus/algorithms/sssp/sssp_parents.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <string>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/weight_check.hpp"

namespace plexus {

namespace detail {
// The loop of sssp_loop.hpp, compiled once per back end from sssp_instances.hpp.
template <class Space>
sssp_result sssp_run(const device_graph&, vertex_t, weight_t, const sssp_options&);
}  // namespace detail

namespace {

// The smallest positive weight (1 for an unweighted graph; +infinity when every weight is 0).
double smallest_positive_weight(const device_graph& graph) {
  const csr_graph& host = graph.host_graph();
  if (!host.weighted()) return 1;
  const std::span<const weight_t> w = host.weights();
  double least = std::numeric_limits<double>::infinity();
  const std::size_t m = w.size();
#pragma omp parallel for reduction(min : least) schedule(static)
  for (std::size_t e = 0; e < m; ++e)
    if (w[e] > 0 && w[e] < least) least = w[e];
  return least;
}

// As a float no smaller than `bound`, so that the value printed is accepted when given back.
weight_t float_at_least(double bound) {
  const weight_t f = static_cast<weight_t>(bound);
  return static_cast<double>(f) < bound ? std::nextafter(f, std::numeric_limits<weight_t>::infinity()) : f;
}

}  // namespace

finite_weight_totals finite_weight_totals_of(std::span<const weight_t> weights) {
  double largest = 0, total = 0;
  const std::size_t m = weights.size();
#pragma omp parallel for reduction(max : largest) reduction(+ : total) schedule(static)
  for (std::size_t e = 0; e < m; ++e) {
    const double w = weights[e];
    if (!std::isfinite(w) || w < 0) continue;
    largest = std::max(largest, w);
    total += w;
  }
  return {largest, total};
}

void require_sssp_sums_fit(finite_weight_totals weights, vertex_t num_vertices, bool directed) {
  constexpr double limit = std::numeric_limits<weight_t>::max() / 2;
  const double edges_total = directed ? weights.total : weights.total / 2;
  const double by_total = directed ? edges_total : edges_total + weights.largest;
  const double bound = std::min(by_total, static_cast<double>(num_vertices) * weights.largest);
  if (bound < limit) return;
  throw error(
      error_kind::unsupported,
      fmt::format("SSSP adds weights in 32-bit floats, but a path here could reach {:.3g} ({} vertices, "
                  "largest weight {:.3g}, total {:.3g}), past half the float range ({:.3g}); scale the "
                  "weights down",
                  bound, num_vertices, weights.largest, edges_total, limit));
}

sssp_delta_figures sssp_delta_figures_of(const device_graph& graph) {
  return {graph.weights(), static_cast<double>(graph.num_vertices()), static_cast<double>(graph.num_edges()),
          family_of(graph.where()), [&graph] { return smallest_positive_weight(graph); }};
}

weight_t smallest_sssp_delta(const sssp_delta_figures& figures) {
  const double largest = figures.weights.max;
  if (!(largest > 0)) return 0;  // no positive weight: every distance is 0 or infinite
  return float_at_least(std::min(figures.smallest_positive_weight(), largest / kMaxDeltaWindows));
}

weight_t smallest_sssp_delta(const device_graph& graph) {
  return smallest_sssp_delta(sssp_delta_figures_of(graph));
}

weight_t default_sssp_delta(const sssp_delta_figures& figures) {
  const weight_summary& w = figures.weights;
  const double n = std::max<double>(1, figures.num_vertices);
  const double average_degree = std::max(1e-9, figures.num_edges / n);
  const bool narrow = figures.family == backend_family::cpu && average_degree >= kNarrowDeltaDegree;
  const double delta =
      narrow ? std::max(w.min, w.mean / average_degree) : w.mean * std::max(1.0, 64.0 / average_degree);
  if (!(delta > 0 && std::isfinite(delta))) return weight_t(1);
  // Only a weight range wider than kMaxDeltaWindows times the delta needs the floor's pass.
  if (delta >= w.max / kMaxDeltaWindows) return static_cast<weight_t>(delta);
  return std::max(static_cast<weight_t>(delta), smallest_sssp_delta(figures));
}

weight_t default_sssp_delta(const device_graph& graph) {
  return default_sssp_delta(sssp_delta_figures_of(graph));
}

void check_sssp_options(const sssp_options& options) {
  if (!(options.delta >= 0) || std::isinf(options.delta))
    throw error(error_kind::invalid_argument,
                "sssp: delta must be a finite non-negative number (0: automatic)");
  if (options.pull_fraction && !(*options.pull_fraction >= 0 && *options.pull_fraction <= 1))
    throw error(error_kind::invalid_argument, "sssp: pull_fraction must lie in [0, 1]");
}

weight_t sssp_delta(const sssp_options& options, const sssp_delta_figures& figures) {
  if (options.delta > 0 && options.delta < figures.weights.max / kMaxDeltaWindows) {
    const weight_t floor = smallest_sssp_delta(figures);
    if (options.delta < floor)
      throw error(
          error_kind::invalid_argument,
          fmt::format("sssp: delta {} is below the smallest positive weight and splits the weights (up "
                      "to {}) into more than {} windows: the smallest delta accepted for this graph is "
                      "{} (0 chooses one from the weights)",
                      options.delta, figures.weights.max, kMaxDeltaWindows, floor));
  }
  return options.delta > 0 ? options.delta : default_sssp_delta(figures);
}

sssp_result sssp(const device_graph& graph, vertex_t source, const sssp_options& options) {
  const vertex_t n = graph.num_vertices();
  if (source >= n)
    throw error(
        error_kind::invalid_argument,
        "source " + std::to_string(source) + " out of range: graph has " + std::to_string(n) + " vertices");
  // The readers refuse NaN weights; the check stays for graphs built by other means.
  require_weights(graph, weight_rule::non_negative, "SSSP");
  if (const weight_summary& w = graph.weights(); w.weighted) {
    const double total = w.mean * static_cast<double>(graph.num_edges());
    require_sssp_sums_fit(std::isfinite(w.max) && std::isfinite(total)
                              ? finite_weight_totals{w.max, total}
                              : finite_weight_totals_of(graph.host_graph().weights()),
                          n, graph.host_graph().directed());
  }
  check_sssp_options(options);
  if (options.direction == direction_mode::pull && !graph.has_in_edges())
    throw error(error_kind::invalid_argument,
                "sssp: pull needs in-edges, but this directed graph has no reverse CSR on this back end");
  const weight_t delta = sssp_delta(options, sssp_delta_figures_of(graph));
  sssp_result result = backends::dispatch(
      graph.where(), [&]<class Space>() { return detail::sssp_run<Space>(graph, source, delta, options); });
  if (options.parents) result.parent = canonical_sssp_parents(graph.host_graph(), source, result.distance);
  return result;
}

std::uint64_t sssp_working_bytes(const input_shape& shape, backend where) {
  const bool gpu = family_of(where) == backend_family::simt;
  return (gpu ? 48 : 36) * shape.vertices + kSmallBuffers;
}

}  // namespace plexus
