// The pull-based PageRank power iteration, written once over an execution space and
// instantiated per back end (pagerank_instances.hpp).
// No back-end code: exec primitives and PLEXUS_LAMBDA lambdas only. See pagerank.hpp.
#pragma once

#include <cmath>

#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/pagerank/pagerank_iteration.hpp"
#include "plexus/algorithms/pagerank/pagerank_rules.hpp"
#include "plexus/algorithms/pagerank/pagerank_shared.hpp"
#include "plexus/algorithms/pagerank/pagerank_weighting.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::detail {

/// The power iteration under one arc weighting (pagerank_weighting.hpp).
template <class Space, class Weighting>
pagerank_result pagerank_iterate(const Space& space, const device_graph& graph, const pagerank_options& options,
                                 const Weighting weighting) {
  const csr_view out = graph.out_view();
  const csr_view in = graph.in_view();
  const vertex_t n = out.num_vertices;
  pagerank_result result;
  result.bytes_per_iteration = pagerank_bytes_per_iteration(n, in.num_edges, weighting.reads_weights);
  const pagerank_rules rules(options, graph.host_graph());
  const exec::buffer<Space, double> teleport_buffer = teleport_vector<Space>(options, rules);
  const double* teleport = teleport_buffer.empty() ? nullptr : teleport_buffer.data();
  // The public entry point resolved pagerank_gather::automatic.
  power_iteration<Space, Weighting> iteration(space, out, in, n, options, rules, weighting, teleport);
  result.layout_seconds = iteration.layout_seconds();
  result.gather = iteration.gather_layout();

  exec::stopwatch<Space> clock(space);
  clock.start();
  iteration.start();
  double dangling = rules.first_dangling();  // the closed form's D
  pagerank_limit limit(rules.max_iterations());
  while (result.iterations < limit.value()) {
    throw_if_stop_requested();
    const bool with_change = rules.measures_change(result.iterations);
    iteration.gather(rules.writes_ranks(result.iterations), dangling);
    dangling = rules.next_dangling(dangling);
    if (rules.reduces_sums(result.iterations)) iteration.reduce_sums(with_change);
    iteration.advance();
    ++result.iterations;
    if (!with_change) continue;
    if (record_change(rules, iteration.sums().get(0), result)) break;
    limit.after(result.iterations, result.last_change, [&] { return iteration.rank_buffer().to_host(); });
  }
  finish_ranks(space, rules, iteration.ranks(), n, result);
  result.seconds = clock.stop();
  result.rank = iteration.rank_buffer().to_host();
  return result;
}

template <class Space>
pagerank_result pagerank_run(const device_graph& graph, const pagerank_options& options) {
  const Space space;
  if (graph.num_vertices() == 0) {
    pagerank_result result;
    result.bytes_per_iteration = pagerank_bytes_per_iteration(0, 0);
    result.converged = true;
    return result;
  }
  if (!options.weighted || !graph.host_graph().weighted())
    return pagerank_iterate(space, graph, options, unit_weighting{});
  const out_weight_sums<Space> sums(space, graph.out_view());
  return pagerank_iterate(space, graph, options, sums.weighting(graph.in_view()));
}

}  // namespace plexus::detail
