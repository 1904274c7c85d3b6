// The label propagation loop (semi-synchronous, synchronous, seeded-random and LDBC CDLP), written once
// over an execution space and instantiated per back end (lp_instances.hpp). No back-end code: exec
// primitives and PLEXUS_LAMBDA lambdas only. See lp.hpp.
#pragma once

#include <cstdint>

#include "plexus/algorithms/hyper_lp/bucketed_mode.hpp"
#include "plexus/algorithms/lp/lp.hpp"
#include "plexus/algorithms/lp/lp_halves.hpp"
#include "plexus/algorithms/lp/segmented_mode.hpp"
#include "plexus/core/random.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/hypergraph_buckets.hpp"
#include "plexus/graph/input_order.hpp"

namespace plexus::detail {

template <class Space>
lp_result lp_run(const device_graph& graph, const lp_options& options) {
  const Space space;
  const csr_view out = graph.out_view();
  const vertex_t n = out.num_vertices;
  // CDLP on a directed graph counts in-neighbours after the out-neighbours.
  const bool both = options.variant == lp_variant::cdlp && graph.host_graph().directed();
  const csr_view in = both ? graph.in_view() : csr_view{};
  const bool randomized = options.variant == lp_variant::randomized;
  const bool halves = options.variant == lp_variant::semi_synchronous;
  // Labels are kept as ranks in the input's order (graph/input_order.hpp): "the smallest
  // label" is then the vertex of smallest original id, and the random tie-break draws by
  // rank, so the labels do not depend on how the graph is numbered. In the input's order the
  // ranks are the ids and no table is read.
  const input_order order(graph.host_graph());
  exec::buffer<Space, vertex_t> rank_buffer;
  if (!order.identity()) rank_buffer.assign(order.ranks());
  const vertex_t* rank = rank_buffer.empty() ? nullptr : rank_buffer.data();

  // On GPUs every variant but the random tie-break votes through the degree buckets of
  // hypergraph LP (hyper_lp/bucketed_mode.hpp): a block per hub with a shared-memory table,
  // where segmented_mode's hubs count in global memory on a few blocks and took most of an
  // iteration (docs/performance/lp.md). Its ties go to the smallest key, so the
  // semi-synchronous vote counts a vertex's own label as key 0 and every other label l as
  // l + 1, which puts the own label first among equals and keeps the others in label order.
  // The random draw per label needs segmented_mode's rank, and on the host segmented_mode
  // measured faster. The buckets depend on the graph only and are built before the clock
  // starts, as device_hypergraph builds a hypergraph's.
  const bool bucketed = !randomized && Space::family == backend_family::simt;
  const csr_graph& host = graph.host_graph();
  const host_buckets host_lists = bucket_by_length(bucketed ? n : 0, [&](std::size_t v) {
    const vertex_t u = static_cast<vertex_t>(v);
    return static_cast<std::size_t>(host.degree(u) + (both ? host.in().offsets[u + 1] - host.in().offsets[u] : 0));
  });
  exec::buffer<Space, std::uint32_t> bucket_ids[kSegmentBuckets];
  segment_buckets buckets;
  for (int k = 0; k < kSegmentBuckets; ++k) {
    bucket_ids[k].assign(host_lists.ids[k]);
    buckets.ids[k] = bucket_ids[k].data();
    buckets.count[k] = host_lists.ids[k].size();
  }
  buckets.max_length = host_lists.max_length;
  mode_workspace<Space> work(space, buckets.max_length);

  exec::buffer<Space, vertex_t> label_buffer(n), next_buffer(n);
  vertex_t* label = label_buffer.data();
  vertex_t* next = next_buffer.data();
  // Semi-synchronous: the vertices whose vote differs from their label, moved or not.
  exec::buffer<Space, unsigned long long> unsettled_buffer(1);
  unsigned long long* unsettled = unsettled_buffer.data();
  lp_result result;
  exec::stopwatch<Space> clock(space);
  clock.start();
  // Both buffers start as every vertex's own rank: a vertex without neighbours is never
  // written again and so keeps it in both.
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) {
    label[i] = next[i] = rank ? rank[i] : static_cast<vertex_t>(i);
  });
  while (result.iterations < options.max_iterations && n > 0) {
    const std::uint64_t round_key = halves_round_key(options.seed, static_cast<std::uint64_t>(result.iterations));
    if (halves) unsettled_buffer.zero();
    const auto length = PLEXUS_LAMBDA(std::size_t s) {
      return out.degree(static_cast<vertex_t>(s)) + (both ? in.degree(static_cast<vertex_t>(s)) : 0);
    };
    const auto neighbour_label = PLEXUS_LAMBDA(std::size_t s, std::size_t i) -> std::uint32_t {
      const vertex_t v = static_cast<vertex_t>(s);
      const edge_t out_degree = out.degree(v);
      return i < out_degree ? label[out.neighbor(out.begin(v) + i)] : label[in.neighbor(in.begin(v) + (i - out_degree))];
    };
    const auto take = PLEXUS_LAMBDA(std::size_t s, std::uint32_t best) {
      if (!halves || best == label[s]) {
        next[s] = best;
        return;
      }
      exec::atomic_increment_aggregated(unsettled);
      const std::uint64_t vertex_rank = rank ? rank[s] : s;
      next[s] = moves_this_round(round_key, vertex_rank) ? best : label[s];
    };
    if (bucketed) {
      bucketed_mode(
          space, work, buckets, length,
          PLEXUS_LAMBDA(std::size_t s, std::size_t i) -> std::uint32_t {
            const std::uint32_t l = neighbour_label(s, i);
            return !halves ? l : l == label[s] ? 0u : l + 1;
          },
          PLEXUS_LAMBDA(std::size_t s, std::uint32_t best, std::uint32_t) {
            take(s, !halves ? best : best == 0 ? label[s] : best - 1);
          });
    } else {
      segmented_mode(
          space, n, length, neighbour_label,
          PLEXUS_LAMBDA(std::size_t s, std::uint32_t key) -> std::uint64_t {
            // Semi-synchronous: the vertex's own label first among the most frequent.
            if (halves) return key == label[s] ? 0 : 1;
            // The random tie-break: a fresh draw per (seed, iteration, vertex, label), the
            // vertex named by its rank.
            if (!randomized) return 0;
            const std::uint64_t vertex_rank = rank ? rank[s] : s;
            return hash_pair(round_key, (vertex_rank << 32) | key);
          },
          PLEXUS_LAMBDA(std::size_t s, std::uint32_t best, std::uint32_t) { take(s, best); });
    }
    const std::uint64_t changed =
        halves ? unsettled_buffer.get(0)
               : exec::reduce(
                     space, n, std::uint64_t(0), PLEXUS_LAMBDA(std::size_t i) { return std::uint64_t(next[i] != label[i]); },
                     exec::plus{});
    label_buffer.swap(next_buffer);
    label = label_buffer.data();
    next = next_buffer.data();
    ++result.iterations;
    result.last_changed = changed;
    if (options.variant != lp_variant::cdlp &&
        static_cast<double>(changed) <= options.tolerance * static_cast<double>(n))
      break;
  }
  result.seconds = clock.stop();
  result.label = label_buffer.to_host();
  order.ranks_to_vertices(result.label);
  return result;
}

}  // namespace plexus::detail
