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
#include <limits>

#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/sssp/sssp_counters.hpp"
#include "plexus/algorithms/sssp/sssp_rounds.hpp"
#include "plexus/algorithms/sssp/sssp_state.hpp"
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
  exec::buffer<Space, unsigned int> near_mark_buffer(n);
  exec::buffer<Space, unsigned long long> counter_block(counter_slots);
  state_buffer.fill(pack_state(infinity));
  state_buffer.set(source, pack_state(0));
  near_mark_buffer.fill(0);
  counter_block.fill(0);
  sssp_state* state = state_buffer.data();
  unsigned int* near_mark = near_mark_buffer.data();

  sparse_frontier<Space> near(n), next(n);
  bucket_pile<Space> far(n, delta);
  const auto distance_of = PLEXUS_LAMBDA(vertex_t v) { return state_distance(exec::atomic_load(&state[v])); };
  const vertex_t first[1] = {source};
  near.assign(first);
  sssp_counters counters;
  counters.near_size = 1;
  counters.near_edges = graph.host_graph().degree(source);

  exec::stopwatch<Space> clock(space);
  clock.start();
  unsigned int near_label = 1;
  weight_t split = delta;
  int iterations = 0, pull_rounds = 0;
  while (true) {
    while (counters.near_size > 0) {
      next.clear();
      const unsigned int label = ++near_label;
      const weight_t limit = split;
      auto far_list = far.view();
      // Where a vertex just lowered to `candidate` goes: the near set being built (true when
      // this call claimed it there) or the far pile.
      const auto place = PLEXUS_LAMBDA(vertex_t v, weight_t candidate) {
        if (candidate < limit) return exec::claim_mark(&near_mark[v], label);
        far_list.push(v, candidate);
        return false;
      };
      if (direction.pulls(counters.near_edges, g.num_edges)) {
        pull.run(space, near, counters.near_size, state, place, next);
        ++pull_rounds;
      } else {
        push.run(space, g, near, counters, options.balance, state, place, next);
      }
      ++iterations;
      near.swap(next);
      counters = read_sssp_counters(space, g, near, far, counter_block);
    }
    if (counters.far_pending == 0) break;
    // Move the split up until some far vertex falls below it.
    weight_t old_split = split;
    split = next_split(split, delta);
    while (true) {
      next.clear();
      const unsigned int label = ++near_label;
      far.drain(
          space, counters.far_pending, old_split, split, distance_of,
          PLEXUS_LAMBDA(vertex_t v) { return exec::claim_mark(&near_mark[v], label); }, next);
      near.swap(next);
      counters = read_sssp_counters(space, g, near, far, counter_block);
      if (counters.near_size > 0 || counters.far_pending == 0) break;
      // Nothing in [old_split, split): jump to the nearest far distance.
      const weight_t nearest = far.smallest_key(space, counters.far_pending, split, distance_of);
      old_split = split;
      split = next_split(nearest, delta);
    }
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
