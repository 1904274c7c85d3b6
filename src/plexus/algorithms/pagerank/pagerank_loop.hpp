// The pull-based PageRank power iteration, written once over an execution space and
// instantiated per back end (pagerank_instances.hpp).
// No back-end code: exec primitives and PLEXUS_LAMBDA lambdas only. See pagerank.hpp.
#pragma once

#include <cmath>

#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/pagerank/pagerank_layout.hpp"
#include "plexus/algorithms/pagerank/pagerank_rules.hpp"
#include "plexus/algorithms/pagerank/pagerank_shared.hpp"
#include "plexus/algorithms/pagerank/pagerank_weighting.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"

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
  const double d = options.damping;
  const double uniform = 1.0 / static_cast<double>(n);
  const exec::buffer<Space, double> teleport_buffer = teleport_vector<Space>(options, rules);
  const double* teleport = teleport_buffer.empty() ? nullptr : teleport_buffer.data();

  exec::buffer<Space, double> inv_buffer(n), x_buffer(n), next_buffer(n), contrib_buffer(n), contrib_next_buffer(n);
  double* inv_outdeg = inv_buffer.data();
  double* x = x_buffer.data();
  double* next = next_buffer.data();
  double* contrib = contrib_buffer.data();
  double* contrib_next = contrib_next_buffer.data();

  // Built before the clock starts, like the buffers: they depend on the graph only. The hub
  // layout is timed on its own (layout_seconds). The public entry point resolved
  // pagerank_gather::automatic.
  const exec::segment_plan<Space> in_segments(space, n, in.offsets);
  const contribution_layout<Space> layout(space, out, in, options.gather == pagerank_gather::hub_clustered);
  result.layout_seconds = layout.build_seconds();
  result.gather = layout.clustered() ? pagerank_gather::hub_clustered : pagerank_gather::vertex_order;
  const contribution_addressing at = layout.addressing();
  const bool sinks_in_closed_form = rules.sinks_in_closed_form();
  const bool first_rank_read = rules.reads_first_iterate();

  exec::stopwatch<Space> clock(space);
  clock.start();
  // inv_outdeg[u] = 1 / outdeg(u) (weighted: 1 / W(u)), 0 for sinks, so contributions need
  // no branch.
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) {
    const vertex_t u = static_cast<vertex_t>(i);
    inv_outdeg[u] = weighting.factor(out, u);
    if (first_rank_read) x[u] = uniform;
    contrib[at.slot_of(u)] = uniform * inv_outdeg[u];
  });
  // The sums stay in device memory: the gather reads the dangling mass from there, so the
  // Graphalytics variant (a fixed number of iterations) queues every iteration without a host
  // round trip; only the tolerance test of the other variant reads them back.
  exec::buffer<Space, pagerank_sums> sums_buffer(1);
  pagerank_sums* sums = sums_buffer.data();
  if (!sinks_in_closed_form)
    exec::reduce_into(
        space, n, pagerank_sums{},
        PLEXUS_LAMBDA(std::size_t i) { return pagerank_sums{0.0, inv_outdeg[i] == 0.0 ? uniform : 0.0}; },
        pagerank_sums_plus{}, sums);

  double dangling = rules.first_dangling();  // the closed form's D
  pagerank_limit limit(rules.max_iterations());
  while (result.iterations < limit.value()) {
    // x'[v] = d * sum_in contrib + (d * dangling + 1 - d) * p[v]
    const bool with_change = rules.measures_change(result.iterations);
    const bool write_rank = rules.writes_ranks(result.iterations);
    exec::segmented_reduce(
        space, in_segments,
        PLEXUS_LAMBDA(edge_t e) {
          return weighting.arc(exec::gather_hot_first(contrib, exec::stream_load(at.gather_index + e), at.hot), e);
        },
        0.0, exec::plus{},
        PLEXUS_LAMBDA(std::size_t s, double sum) {
          const double base = d * (sinks_in_closed_form ? dangling : sums->dangling) + (1.0 - d);
          const double value = d * sum + base * (teleport ? teleport[s] : uniform);
          if (write_rank) next[s] = value;
          contrib_next[at.slot_of(s)] = value * exec::stream_load(inv_outdeg + s);
        },
        exec::cache_split::prefer_l1);
    dangling = rules.next_dangling(dangling);
    if (rules.reduces_sums(result.iterations))
      exec::reduce_into(
          space, n, pagerank_sums{},
          PLEXUS_LAMBDA(std::size_t i) {
            const double dangling_part = inv_outdeg[i] == 0.0 ? next[i] : 0.0;
            if (!with_change) return pagerank_sums{0.0, dangling_part};
            return pagerank_sums{next[i] > x[i] ? next[i] - x[i] : x[i] - next[i], dangling_part};
          },
          pagerank_sums_plus{}, sums);
    x_buffer.swap(next_buffer);
    contrib_buffer.swap(contrib_next_buffer);
    x = x_buffer.data();
    next = next_buffer.data();
    contrib = contrib_buffer.data();
    contrib_next = contrib_next_buffer.data();
    ++result.iterations;
    if (!with_change) continue;
    if (record_change(rules, sums_buffer.get(0), result)) break;
    limit.after(result.iterations, result.last_change, [&] { return x_buffer.to_host(); });
  }
  finish_ranks(space, rules, x, n, result);
  result.seconds = clock.stop();
  result.rank = x_buffer.to_host();
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
