// The label propagation loop (semi-synchronous, synchronous, seeded-random and LDBC CDLP), written once
// over an execution space and instantiated per back end (lp_instances.hpp). No back-end code: exec
// primitives and PLEXUS_LAMBDA lambdas only. See lp.hpp.
#pragma once

#include <cstdint>

#include "plexus/algorithms/hyper_lp/bucketed_mode.hpp"
#include "plexus/algorithms/lp/lp.hpp"
#include "plexus/algorithms/lp/lp_halves.hpp"
#include "plexus/algorithms/lp/lp_limit.hpp"
#include "plexus/algorithms/lp/segmented_mode.hpp"
#include "plexus/core/random.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/spread_counter.hpp"
#include "plexus/graph/hypergraph_buckets.hpp"
#include "plexus/graph/input_order.hpp"
#include "plexus/operators/advance.hpp"

namespace plexus::detail {

/// An iteration votes only the vertices whose neighbourhood changed when the previous one moved
/// labels on at most this share of the arcs; marking the movers' neighbours costs a store per
/// arc, which would outweigh what it saves while most vertices still move.
inline constexpr double kLpRevoteShare = 0.25;

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

  // Votes only where a label may change. A vertex's vote reads its neighbours' labels and
  // (semi-synchronous) its own. When its last vote agreed with its label and its winner held
  // c of its d votes, no other label had more than d - c, so the winner led by at least
  // margin = 2c - d; each neighbour that moved since took at most one vote from the winner and
  // gave at most one to another label, so while 2 * moves < margin the vote is the same and
  // the vertex keeps its label: it is skipped, and the buffer the iteration writes already
  // holds that label. (A hub whose neighbours mostly share its label keeps voting the same
  // while a few of them move; marking every neighbour of a mover revoted the hubs, most of
  // the arcs, in every iteration.) Movers add one move to each vertex whose vote reads them:
  // their neighbours on an undirected graph, their in-neighbours on a directed one (and
  // out-neighbours too for CDLP, which counts both), so a directed graph skips only where the
  // device stores its in-arcs. A vertex that moved, or whose semi-synchronous vote differed
  // from its label (its coin is drawn afresh), or whose winner tied, gets margin 0 and votes
  // next time. The random tie-break draws afresh every iteration and never skips.
  const bool skipping =
      options.skip_settled && !randomized && (!host.directed() || graph.has_in_edges()) && n > 0;
  // voters[0] lists, per vertex, the vertices whose votes read its label; voters[1] (CDLP on a
  // directed graph) the others.
  const csr_view voters[2] = {skipping && host.directed() ? graph.in_view() : out, out};
  const int voter_lists = both ? 2 : 1;
  const edge_t voter_arcs = voters[0].num_edges + (both ? out.num_edges : 0);
  exec::buffer<Space, std::uint32_t> margin_buffer(skipping ? n : 0), moves_buffer(skipping ? n : 0);
  std::uint32_t* vote_margin = margin_buffer.data();
  std::uint32_t* moves = moves_buffer.data();
  sparse_frontier<Space> movers(skipping ? n : 0);
  operators::push_workspace<Space> mover_work(skipping ? n : 0);
  bool skip_now = false;

  exec::buffer<Space, vertex_t> label_buffer(n), next_buffer(n);
  vertex_t* label = label_buffer.data();
  vertex_t* next = next_buffer.data();
  // Semi-synchronous: the vertices whose vote differs from their label, moved or not.
  exec::spread_counter<Space> unsettled_counter;
  unsigned long long* unsettled = unsettled_counter.data();
  lp_result result;
  exec::stopwatch<Space> clock(space);
  clock.start();
  // Both buffers start as every vertex's own rank: a vertex without neighbours is never
  // written again and so keeps it in both.
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) {
    label[i] = next[i] = rank ? rank[i] : static_cast<vertex_t>(i);
  });
  if (skipping) {
    margin_buffer.zero();
    moves_buffer.zero();
  }
  lp_limit limit(options.max_iterations,
                 options.variant == lp_variant::synchronous || options.variant == lp_variant::cdlp);
  while (result.iterations < limit.value() && n > 0) {
    throw_if_stop_requested();
    const std::uint64_t round_key = halves_round_key(options.seed, static_cast<std::uint64_t>(result.iterations));
    if (halves) unsettled_counter.zero();
    if (skipping) movers.clear();
    const auto mover_list = movers.view();
    const bool skip = skip_now;
    const auto votes_of = PLEXUS_LAMBDA(std::size_t s) -> edge_t {
      return out.degree(static_cast<vertex_t>(s)) + (both ? in.degree(static_cast<vertex_t>(s)) : 0);
    };
    // A skipped vertex has no list to vote over (no out() call follows, or one without votes).
    const auto length = PLEXUS_LAMBDA(std::size_t s) -> edge_t {
      if (skip && 2 * static_cast<std::uint64_t>(moves[s]) < vote_margin[s]) return 0;
      return votes_of(s);
    };
    const auto neighbour_label = PLEXUS_LAMBDA(std::size_t s, std::size_t i) -> std::uint32_t {
      const vertex_t v = static_cast<vertex_t>(s);
      const edge_t out_degree = out.degree(v);
      return i < out_degree ? label[out.neighbor(out.begin(v) + i)] : label[in.neighbor(in.begin(v) + (i - out_degree))];
    };
    const auto take = PLEXUS_LAMBDA(std::size_t s, std::uint32_t best, std::uint32_t count) {
      const vertex_t own = label[s];
      vertex_t chosen = best;
      if (halves && best != own) {
        exec::atomic_add_spread(unsettled, 1ull);
        const std::uint64_t vertex_rank = rank ? rank[s] : s;
        if (!moves_this_round(round_key, vertex_rank)) chosen = own;
      }
      next[s] = chosen;
      if (!skipping) return;
      moves[s] = 0;
      const std::int64_t lead = 2 * static_cast<std::int64_t>(count) - static_cast<std::int64_t>(votes_of(s));
      vote_margin[s] = best == own && lead > 0 ? static_cast<std::uint32_t>(lead) : 0;
      if (chosen != own) {
        mover_list.push(static_cast<vertex_t>(s));
        mover_list.add_tally(voters[0].degree(static_cast<vertex_t>(s)) +
                             (both ? out.degree(static_cast<vertex_t>(s)) : 0));
      }
    };
    if (bucketed) {
      bucketed_mode(
          space, work, buckets, length,
          PLEXUS_LAMBDA(std::size_t s, std::size_t i) -> std::uint32_t {
            const std::uint32_t l = neighbour_label(s, i);
            return !halves ? l : l == label[s] ? 0u : l + 1;
          },
          PLEXUS_LAMBDA(std::size_t s, std::uint32_t best, std::uint32_t count) {
            if (count == 0) return;  // skipped
            take(s, !halves ? best : best == 0 ? label[s] : best - 1, count);
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
          PLEXUS_LAMBDA(std::size_t s, std::uint32_t best, std::uint32_t count) { take(s, best, count); });
    }
    const std::uint64_t changed =
        halves ? unsettled_counter.value()
               : exec::reduce(
                     space, n, std::uint64_t(0), PLEXUS_LAMBDA(std::size_t i) { return std::uint64_t(next[i] != label[i]); },
                     exec::plus{});
    if (skip) ++result.skipping_iterations;
    skip_now = false;
    if (skipping) {
      // Count the movers at their voters for the next iteration, or vote every vertex there
      // when the movers hold too many arcs for the counts to pay.
      const auto [moved, moved_arcs] = movers.size_and_tally();
      if (static_cast<double>(moved_arcs) <= kLpRevoteShare * static_cast<double>(voter_arcs)) {
        skip_now = true;
        for (int k = 0; k < voter_lists; ++k) {
          if (voter_lists == 1)  // the tally is this list's arcs: no host round trip
            mover_work.prepare(space, voters[k], movers, moved, static_cast<edge_t>(moved_arcs),
                               load_balance::automatic);
          else
            mover_work.prepare(space, voters[k], movers);
          operators::advance_push(space, voters[k], movers, mover_work, movers, load_balance::automatic,
                                  PLEXUS_LAMBDA(vertex_t, vertex_t w, edge_t, weight_t) {
                                    exec::atomic_add(&moves[w], 1u);
                                    return false;
                                  });
        }
      }
    }
    label_buffer.swap(next_buffer);
    label = label_buffer.data();
    next = next_buffer.data();
    ++result.iterations;
    result.last_changed = changed;
    // CDLP runs its exact count, but an iteration that changed no label left it at a fixed
    // point: each further one would give the same labels.
    if (options.variant == lp_variant::cdlp
            ? changed == 0
            : static_cast<double>(changed) <= options.tolerance * static_cast<double>(n))
      break;
    limit.after(result.iterations, changed, [&] { return label_buffer.to_host(); });
  }
  result.seconds = clock.stop();
  result.label = label_buffer.to_host();
  order.ranks_to_vertices(result.label);
  return result;
}

}  // namespace plexus::detail
