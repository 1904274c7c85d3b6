// The distributed PageRank power iteration (pagerank_dist.hpp), written once over an execution
// space and instantiated per back end (pagerank_dist_instances.hpp). It is pagerank_loop.hpp
// over each rank's owned vertices, with the contributions broadcast to the ghost copies
// before each gather and the sums added over the ranks; no back-end code.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "plexus/algorithms/pagerank/pagerank_dist.hpp"
#include "plexus/algorithms/pagerank/pagerank_iteration.hpp"
#include "plexus/algorithms/pagerank/pagerank_rules.hpp"
#include "plexus/algorithms/pagerank/pagerank_shared.hpp"
#include "plexus/algorithms/pagerank/pagerank_weighting.hpp"
#include "plexus/dist/ghost_broadcast.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::detail {

/// Exact sums added over the ranks: every rank's words gathered, added in rank order (any
/// order gives the same integers).
template <std::size_t N>
std::array<exec::fixed_point_sum, N> sum_over_ranks(dist::communicator& comm,
                                                    const std::array<exec::fixed_point_sum, N>& mine) {
  std::array<std::uint64_t, 2 * N> words{};
  for (std::size_t i = 0; i < N; ++i) {
    words[2 * i] = mine[i].high;
    words[2 * i + 1] = mine[i].low;
  }
  std::vector<std::uint64_t> every(words.size() * static_cast<std::size_t>(comm.size()));
  comm.all_gather(std::span<const std::uint64_t>(words), std::span<std::uint64_t>(every));
  std::array<exec::fixed_point_sum, N> total{};
  for (std::size_t at = 0; at < every.size(); at += 2 * N)
    for (std::size_t i = 0; i < N; ++i)
      total[i] = total[i] + exec::fixed_point_sum{every[at + 2 * i], every[at + 2 * i + 1]};
  return total;
}

inline pagerank_sums sum_over_ranks(dist::communicator& comm, const pagerank_sums& mine) {
  const auto total = sum_over_ranks<2>(comm, {mine.change, mine.dangling});
  return {total[0], total[1]};
}

/// The power iteration under one arc weighting (pagerank_weighting.hpp), over the owned vertices.
template <class Space, class Weighting>
pagerank_dist_result pagerank_dist_iterate(const Space& space, dist::communicator& comm,
                                           const dist::rank_graph& graph, const device_graph& local,
                                           const pagerank_options& options, const Weighting weighting) {
  const dist::partition& part = graph.part;
  const csr_view out = local.out_view();
  const csr_view in = local.in_view();
  const vertex_t owned = part.num_owned(), n = part.ranges().num_vertices();
  dist::ghost_exchange<Space> exchange(comm, part);
  pagerank_dist_result distributed;
  pagerank_result& result = distributed.run;
  const std::uint64_t arcs = comm.all_reduce<std::uint64_t>(in.num_edges, dist::reduce_op::sum);
  result.bytes_per_iteration = pagerank_bytes_per_iteration(n, arcs, weighting.reads_weights);
  std::uint64_t isolated = 0;
  if (pagerank_rules::closed_form(options, graph.graph.directed())) {
    for (vertex_t u = 0; u < owned; ++u) isolated += graph.graph.degree(u) == 0;
    isolated = comm.all_reduce<std::uint64_t>(isolated, dist::reduce_op::sum);
  }
  const pagerank_rules rules(options, graph.graph.directed(), n, isolated);
  // The owned vertices' in-lists only: ghosts and padding have none, and take their
  // contributions from their owners.
  power_iteration<Space, Weighting> iteration(space, out, in, owned, options, rules, weighting, nullptr);
  result.layout_seconds = iteration.layout_seconds();
  result.gather = iteration.gather_layout();
  exec::buffer<Space, pagerank_sums>& sums = iteration.sums();
  const auto add_over_ranks = [&] { sums.set(0, sum_over_ranks(comm, sums.get(0))); };
  // Whether every rank's part of an iterate recurred (pagerank_limit's cycle test).
  const auto every_rank = [&](bool recurred) {
    return comm.all_reduce<std::uint8_t>(recurred ? 1 : 0, dist::reduce_op::min) != 0;
  };

  exec::stopwatch<Space> clock(space);
  clock.start();
  iteration.start();
  if (!rules.sinks_in_closed_form()) add_over_ranks();
  double dangling = rules.first_dangling();  // the closed form's D
  pagerank_limit limit(rules.max_iterations());
  while (result.iterations < limit.value()) {
    dist::broadcast_to_ghosts(exchange, iteration.contributions(), iteration.slots());
    // Each owned vertex's in-arcs in the whole graph's order: one device's sum.
    const bool with_change = rules.measures_change(result.iterations);
    iteration.gather(rules.writes_ranks(result.iterations), dangling);
    dangling = rules.next_dangling(dangling);
    if (rules.reduces_sums(result.iterations)) {
      iteration.reduce_sums(with_change);
      add_over_ranks();
    }
    iteration.advance();
    ++result.iterations;
    if (!with_change) continue;
    if (record_change(rules, sums.get(0), result)) break;
    limit.after(
        result.iterations, result.last_change, [&] { return iteration.rank_buffer().to_host(owned); }, every_rank);
  }
  if (rules.converged_at_end()) result.converged = true;
  double* x = iteration.ranks();
  if (rules.normalizes())
    scale_ranks(space, x, owned, sum_over_ranks<1>(comm, {rank_total(space, x, owned)})[0].value());
  result.seconds = clock.stop();
  result.rank = iteration.rank_buffer().to_host(owned);
  distributed.exchange = exchange.stats();
  return distributed;
}

template <class Space>
pagerank_dist_result pagerank_dist_run(dist::communicator& comm, const dist::rank_graph& graph,
                                       const device_graph& local, const pagerank_options& options) {
  const Space space;
  if (graph.part.ranges().num_vertices() == 0) {
    pagerank_dist_result result;
    result.run.bytes_per_iteration = pagerank_bytes_per_iteration(0, 0);
    result.run.converged = true;
    return result;
  }
  if (!options.weighted || !graph.weighted)
    return pagerank_dist_iterate(space, comm, graph, local, options, unit_weighting{});
  const out_weight_sums<Space> sums(space, local.out_view());
  return pagerank_dist_iterate(space, comm, graph, local, options, sums.weighting(local.in_view()));
}

}  // namespace plexus::detail
