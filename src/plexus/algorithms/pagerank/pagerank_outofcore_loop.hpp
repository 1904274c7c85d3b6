// The PageRank power iteration of pagerank_outofcore.hpp, written once over an execution space
// and instantiated per back end (pagerank_outofcore_instances.hpp).
//
// Each iteration sums, for every vertex u, x[v] * factor(v) (weighted: times w(v, u)) over its
// in-neighbours v with the stream's reduce_all: once for a list the device holds, once per
// piece of a fetched list, the pieces of a list in order and never concurrently, so the pieces
// are added to next[u] without atomics. A second pass then applies damping and teleport,
// x'[u] = d * next[u] + (d * dangling + 1 - d) * p[u], and one reduction gives the L1 change
// and the dangling mass, as in memory (pagerank_loop.hpp). The contributions x[v] * factor(v)
// are stored once per iteration, as in memory, and give the same products: recomputing them
// per arc read two vectors at random per arc, and the kernels, not the bus, then bounded an
// iteration.
#pragma once

#include <vector>

#include "plexus/algorithms/pagerank/pagerank_outofcore.hpp"
#include "plexus/algorithms/pagerank/pagerank_rules.hpp"
#include "plexus/algorithms/pagerank/pagerank_shared.hpp"
#include "plexus/algorithms/pagerank/pagerank_weighting.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/outofcore/edge_stream.hpp"
#include "plexus/outofcore/session.hpp"

namespace plexus::detail {

/// factor(u) of pagerank_weighting.hpp for every vertex, from the host's out-CSR: 1 / outdeg(u),
/// or 1 / W(u) when weighted; 0 for sinks.
inline host_vector<double> out_factors(const csr_graph& graph, bool weighted) {
  const csr_arrays& out = graph.out();
  const csr_view view = out.view();
  const vertex_t n = graph.num_vertices();
  host_vector<double> factor(n);
  if (!weighted) {
#pragma omp parallel for schedule(static)
    for (vertex_t u = 0; u < n; ++u) factor[u] = unit_weighting{}.factor(view, u);
    return factor;
  }
  std::vector<double> total(n);
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u) {
    double sum = 0;
    for (edge_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) sum += static_cast<double>(out.weights[e]);
    total[u] = sum;
  }
  const arc_weighting weighting{total.data(), nullptr};
#pragma omp parallel for schedule(static)
  for (vertex_t u = 0; u < n; ++u) factor[u] = weighting.factor(view, u);
  return factor;
}

template <class Space>
pagerank_result pagerank_outofcore_run(const csr_graph& graph, const pagerank_options& options,
                                       const outofcore::engine_options& engine, outofcore::engine_report& report) {
  const Space space;
  const vertex_t n = graph.num_vertices();
  const csr_arrays& in = graph.in();
  const bool weighted = options.weighted && graph.weighted();
  const pagerank_rules rules(options, graph);
  pagerank_result result;
  result.bytes_per_iteration = pagerank_bytes_per_iteration(n, in.num_edges(), weighted);
  // Ranks, next ranks, factors and contributions (8 bytes each), and the teleport vector when
  // personalized.
  const std::size_t state_bytes = 32 + (rules.personalized(options) ? 8 : 0);
  outofcore::engine_session<Space> session(in, state_bytes, weighted ? 8 : 4, 1.0, outofcore::stream_use::reduce,
                                           engine, report);
  outofcore::edge_stream<Space> arcs(space, in, weighted, engine, report);
  exec::buffer<Space, double> factor_buffer, x_buffer(n), next_buffer(n), contribution_buffer(n);
  factor_buffer.assign(out_factors(graph, weighted));
  const exec::buffer<Space, double> teleport_buffer = teleport_vector<Space>(options, rules);
  exec::buffer<Space, pagerank_sums> sums_buffer(1);
  const double* factor = factor_buffer.data();
  const double* teleport = teleport_buffer.empty() ? nullptr : teleport_buffer.data();
  pagerank_sums* sums = sums_buffer.data();
  double* x = x_buffer.data();
  double* next = next_buffer.data();
  double* contribution = contribution_buffer.data();
  const double d = options.damping;
  const double uniform = 1.0 / static_cast<double>(n);

  exec::stopwatch<Space> clock(space);
  clock.start();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t u) { x[u] = uniform; });
  exec::reduce_into(
      space, n, pagerank_sums{},
      PLEXUS_LAMBDA(std::size_t i) { return pagerank_sums::of(0.0, factor[i] == 0.0 ? uniform : 0.0); },
      pagerank_sums_plus{}, sums);
  pagerank_limit limit(rules.max_iterations());
  while (result.iterations < limit.value()) {
    throw_if_stop_requested();
    exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t u) {
      next[u] = 0.0;
      contribution[u] = x[u] * factor[u];
    });
    session.add(arcs.reduce_all(
        space, PLEXUS_LAMBDA(vertex_t v, weight_t w) { return contribution[v] * static_cast<double>(w); }, 0.0,
        exec::plus{}, PLEXUS_LAMBDA(vertex_t u, double partial) { next[u] += partial; }));
    exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t u) {
      const double base = d * sums->dangling.value() + (1.0 - d);
      next[u] = d * next[u] + base * (teleport ? teleport[u] : uniform);
    });
    exec::reduce_into(
        space, n, pagerank_sums{},
        PLEXUS_LAMBDA(std::size_t i) {
          return pagerank_sums::of(next[i] > x[i] ? next[i] - x[i] : x[i] - next[i],
                                   factor[i] == 0.0 ? next[i] : 0.0);
        },
        pagerank_sums_plus{}, sums);
    x_buffer.swap(next_buffer);
    x = x_buffer.data();
    next = next_buffer.data();
    ++result.iterations;
    if (record_change(rules, sums_buffer.get(0), result)) break;
    limit.after(result.iterations, result.last_change, [&] { return x_buffer.to_host(); });
  }
  finish_ranks(space, rules, x, n, result);
  result.seconds = clock.stop();
  session.finish(result.seconds);
  result.rank = x_buffer.to_host();
  return result;
}

}  // namespace plexus::detail
