// Public sssp_out_of_core(): checks and dispatch (the loop is sssp_outofcore_loop.hpp).
#include "plexus/algorithms/sssp/sssp_outofcore.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <utility>

#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/sssp/sssp_parents.hpp"
#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace {

/// The tail and arc index of the first arc whose weight is negative or NaN, if any.
std::optional<std::pair<vertex_t, edge_t>> first_negative_arc(const csr_arrays& out) {
  if (out.weights.empty()) return std::nullopt;
  edge_t first = out.num_edges();
#pragma omp parallel for schedule(static) reduction(min : first)
  for (edge_t e = 0; e < out.num_edges(); ++e)
    if (!(out.weights[e] >= 0) && e < first) first = e;
  if (first == out.num_edges()) return std::nullopt;
  const auto tail = std::upper_bound(out.offsets.begin(), out.offsets.end(), first) - out.offsets.begin() - 1;
  return std::make_pair(static_cast<vertex_t>(tail), first);
}

}  // namespace

namespace detail {
// The loop of sssp_outofcore_loop.hpp, compiled once per back end from
// sssp_outofcore_instances.hpp.
template <class Space>
sssp_result sssp_outofcore_run(const csr_graph&, vertex_t, const outofcore::engine_options&,
                               outofcore::engine_report&);
}  // namespace detail

sssp_result sssp_out_of_core(const csr_graph& graph, vertex_t source, backend where,
                             const outofcore::engine_options& options, outofcore::engine_report& report,
                             bool parents) {
  if (source >= graph.num_vertices())
    throw error(error_kind::invalid_argument,
                fmt::format("source {} out of range: graph has {} vertices", source, graph.num_vertices()));
  if (const auto bad = first_negative_arc(graph.out()))
    throw error(error_kind::unsupported,
                fmt::format("SSSP needs non-negative weights, but edge {} -> {} has weight {}",
                            graph.original_id(bad->first), graph.original_id(graph.out().indices[bad->second]),
                            graph.out().weights[bad->second]));
  if (graph.weighted())
    require_sssp_sums_fit(finite_weight_totals_of(graph.out().weights), graph.num_vertices(),
                          graph.directed());
  require_backend(where);
  sssp_result result = backends::dispatch(
      where, [&]<class Space>() { return detail::sssp_outofcore_run<Space>(graph, source, options, report); });
  if (parents) result.parent = canonical_sssp_parents(graph, source, result.distance);
  return result;
}

}  // namespace plexus
