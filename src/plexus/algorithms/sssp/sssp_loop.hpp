// The near-far SSSP loop (see sssp.hpp), written once over an execution space
// and instantiated per back end (sssp_instances.hpp).
//
// State per vertex: one 32-bit word holding the distance (sssp_state.hpp). Each round
// relaxes the near set by pushing or by pulling (sssp_rounds.hpp); the loop moves the split
// and drains the far pile between them.
//
// Queue invariants: the near set being built carries a fresh label; a vertex enters it only
// when its near_mark exchange returns another label, so it holds each vertex once. A vertex
// whose distance drops below the split is always queued in the near set after the drop (or
// is in the set being built); one whose distance drops to the split or above is pushed to the
// far pile (frontier/bucket_pile.hpp) under that distance. So when the split moves from s to
// s', far entries below s are done and are dropped, those in [s, s') move to the near set,
// the rest stay.
#pragma once

#include <cmath>
#include <functional>
#include <limits>

#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/sssp/sssp_counters.hpp"
#include "plexus/algorithms/sssp/sssp_rounds.hpp"
#include "plexus/algorithms/sssp/sssp_state.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/bucket_pile.hpp"
#include "plexus/frontier/sparse_frontier.hpp"

namespace plexus::detail {

/// The split after `split` for windows of width delta: split + delta, or the next float when
/// the sum rounds back to `split` (distances large against delta), so the split always moves
/// and a far vertex at the old split is drained by the next window.
inline weight_t next_split(weight_t split, weight_t delta) {
  const weight_t moved = split + delta;
  return moved > split ? moved : std::nextafter(split, std::numeric_limits<weight_t>::infinity());
}

/// The queues of the near-far loop over vertices 0 .. n - 1: the near set and the one being
/// built, the far pile, the marks that admit a vertex to the set being built once (against
/// that set's label), and the block the counters are read through.
template <class Space>
struct near_far_queues {
  sparse_frontier<Space> near, next;
  bucket_pile<Space> far;
  exec::buffer<Space, unsigned int> near_mark;
  exec::buffer<Space, unsigned long long> counter_block;
  unsigned int near_label = 1;

  near_far_queues(vertex_t n, weight_t delta)
      : near(n), next(n), far(n, delta), near_mark(n), counter_block(counter_slots) {
    near_mark.fill(0);
    counter_block.fill(0);
  }

  /// Where a vertex just lowered to `candidate` goes in a round that builds the set `label`
  /// of the vertices below `limit`: into that set (true when this call claimed it there) or
  /// into the far pile.
  struct place_type {
    unsigned int* near_mark;
    unsigned int label;
    weight_t limit;
    typename bucket_pile<Space>::view_type far;

    PLEXUS_HOST_DEVICE bool operator()(vertex_t v, weight_t candidate) const {
      if (candidate < limit) return exec::claim_mark(&near_mark[v], label);
      far.push(v, candidate);
      return false;
    }
  };

  /// Empties the set to be built and returns its fresh label.
  unsigned int open_next() {
    next.clear();
    return ++near_label;
  }
  /// Opens the set a round builds (open_next) and returns where its lowered vertices go.
  place_type open_round(weight_t limit) {
    const unsigned int label = open_next();
    return {near_mark.data(), label, limit, far.view()};
  }
  /// The set just built becomes the near set; returns the counters read for it.
  sssp_counters advance(const Space& space, csr_view g) {
    near.swap(next);
    return read_sssp_counters(space, g, near, far, counter_block);
  }
};

/// Once the near set is empty and some vertex waits: moves the split up a window at a time,
/// draining each window of the far pile into the near set, until the near set is not empty or
/// nothing waits. `decide` turns this rank's counters into those the loop decides on (the same
/// on one device; summed over the ranks in a distributed run), and `nearest` this rank's
/// smallest far distance into the one the split jumps to past an empty window (the same; the
/// smallest over the ranks). Returns the deciding counters and leaves this rank's in `mine`.
/// (`decide` and `nearest` are std::functions: nvcc refuses a caller's lambda type as a
/// template argument of a function that holds device lambdas.)
template <class Space, class DistanceOf>
sssp_counters drain_next_windows(const Space& space, csr_view g, near_far_queues<Space>& queues,
                                 weight_t delta, DistanceOf distance_of, weight_t& split, sssp_counters& mine,
                                 const std::function<sssp_counters(const sssp_counters&)>& decide,
                                 const std::function<weight_t(weight_t)>& nearest) {
  unsigned int* near_mark = queues.near_mark.data();
  weight_t old_split = split;
  split = next_split(split, delta);
  while (true) {
    throw_if_stop_requested();
    const unsigned int label = queues.open_next();
    queues.far.drain(
        space, mine.far_pending, old_split, split, distance_of,
        PLEXUS_LAMBDA(vertex_t v) { return exec::claim_mark(&near_mark[v], label); }, queues.next);
    mine = queues.advance(space, g);
    const sssp_counters all = decide(mine);
    if (all.near_size > 0 || all.far_pending == 0) return all;
    // Nothing in [old_split, split): jump to the nearest far distance.
    old_split = split;
    split = next_split(nearest(queues.far.smallest_key(space, mine.far_pending, split, distance_of)), delta);
  }
}

template <class Space>
sssp_result sssp_run(const device_graph& graph, vertex_t source, weight_t delta,
                     const sssp_options& options) {
  const Space space;
  const csr_view g = graph.out_view();
  const vertex_t n = g.num_vertices;
  const weight_t infinity = std::numeric_limits<weight_t>::infinity();
  const sssp_direction direction(options, Space::family, graph.has_in_edges());
  sssp_pull_round<Space> pull(space, graph, direction.can_pull());
  sssp_push_round<Space> push(n);

  exec::buffer<Space, sssp_state> state_buffer(n);
  state_buffer.fill(pack_state(infinity));
  state_buffer.set(source, pack_state(0));
  sssp_state* state = state_buffer.data();
  near_far_queues<Space> queues(n, delta);
  const auto distance_of = PLEXUS_LAMBDA(vertex_t v) {
    return state_distance(exec::atomic_load(&state[v]));
  };
  const vertex_t first[1] = {source};
  queues.near.assign(first);
  sssp_counters counters;
  counters.near_size = 1;
  counters.near_edges = graph.host_graph().degree(source);

  exec::stopwatch<Space> clock(space);
  clock.start();
  weight_t split = delta;
  int iterations = 0, pull_rounds = 0;
  while (true) {
    while (counters.near_size > 0) {
      throw_if_stop_requested();
      const auto place = queues.open_round(split);
      if (direction.pulls(counters.near_edges, g.num_edges)) {
        pull.run(space, queues.near, counters.near_size, state, place, queues.next);
        ++pull_rounds;
      } else {
        push.run(space, g, queues.near, counters, options.balance, state, place, queues.next);
      }
      ++iterations;
      counters = queues.advance(space, g);
    }
    if (counters.far_pending == 0) break;
    counters = drain_next_windows(
        space, g, queues, delta, distance_of, split, counters, [](const sssp_counters& c) { return c; },
        [](weight_t nearest) { return nearest; });
    if (counters.near_size == 0) break;
  }
  sssp_result result;
  result.seconds = clock.stop();
  result.iterations = iterations;
  result.pull_rounds = pull_rounds;
  const host_vector<sssp_state> packed = state_buffer.to_host();
  result.distance.resize(n);
#pragma omp parallel for schedule(static)
  for (vertex_t v = 0; v < n; ++v) result.distance[v] = state_distance(packed[v]);
  return result;
}

}  // namespace plexus::detail
