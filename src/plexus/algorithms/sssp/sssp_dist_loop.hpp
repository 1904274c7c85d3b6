// The distributed near-far SSSP loop (sssp_dist.hpp), written once over an execution space
// and instantiated per back end (sssp_dist_instances.hpp). It is sssp_loop.hpp with push
// rounds only, the ghosts' relaxations sent to their owners after each round, and the figures
// the loop decides on summed over the ranks; no back-end code.
//
// Queue invariants, those of sssp_loop.hpp over the owned vertices: ghosts are never queued.
// A lowered ghost copy is marked and sent in the same round, and its owner places the vertex
// as its own relaxations are placed, under the same near-set label, so a vertex enters the
// near set being built once whether it was lowered here or by a peer.
#pragma once

#include <array>
#include <cstdint>
#include <limits>

#include "plexus/algorithms/sssp/sssp_dist.hpp"
#include "plexus/algorithms/sssp/sssp_loop.hpp"
#include "plexus/dist/ghost_sets.hpp"
#include "plexus/frontier/bitmap_frontier.hpp"

namespace plexus::detail {

/// The near sets' sizes and the far piles' pending words summed over the ranks: one
/// all-reduce.
inline sssp_counters sssp_counters_over_ranks(dist::communicator& comm, const sssp_counters& mine) {
  std::array<std::uint64_t, 2> totals{mine.near_size, mine.far_pending};
  comm.all_reduce(std::span<std::uint64_t>(totals), dist::reduce_op::sum);
  return {static_cast<std::size_t>(totals[0]), 0, static_cast<std::size_t>(totals[1])};
}

template <class Space>
sssp_dist_result sssp_dist_run(dist::communicator& comm, const dist::partition& part,
                               const device_graph& graph, vertex_t source, weight_t delta,
                               const sssp_options& options) {
  const Space space;
  dist::ghost_exchange<Space> exchange(comm, part);
  const csr_view g = graph.out_view();
  const vertex_t local = g.num_vertices, owned = part.num_owned();
  const weight_t infinity = std::numeric_limits<weight_t>::infinity();
  sssp_push_round<Space> push(owned);

  exec::buffer<Space, sssp_state> state_buffer(local);
  state_buffer.fill(pack_state(infinity));
  sssp_state* state = state_buffer.data();
  near_far_queues<Space> queues(owned, delta);
  bitmap_frontier<Space> lowered_ghosts(local);
  const auto ghost_marks = lowered_ghosts.view();
  const auto distance_of = PLEXUS_LAMBDA(vertex_t v) {
    return state_distance(exec::atomic_load(&state[v]));
  };
  sssp_counters mine;
  if (part.owns(source)) {
    const vertex_t first[1] = {part.local_id(source)};
    state_buffer.set(first[0], pack_state(0));
    queues.near.assign(first);
    mine.near_size = 1;
    mine.near_edges = graph.host_graph().degree(first[0]);
  }

  exec::stopwatch<Space> clock(space);
  clock.start();
  const auto over_ranks = [&](const sssp_counters& counters) {
    return sssp_counters_over_ranks(comm, counters);
  };
  sssp_counters all = over_ranks(mine);
  weight_t split = delta;
  int iterations = 0;
  while (true) {
    while (all.near_size > 0) {
      const auto to_queues = queues.open_round(split);
      // As in sssp_loop.hpp, and a lowered ghost copy is marked for its owner instead.
      const auto place = PLEXUS_LAMBDA(vertex_t v, weight_t candidate) {
        if (v < owned) return to_queues(v, candidate);
        ghost_marks.set(v);
        return false;
      };
      push.run(space, g, queues.near, mine, options.balance, state, place, queues.next);
      const auto admitted = queues.next.view();
      dist::reduce_changed_to_owners(
          exchange, lowered_ghosts.data(), state, PLEXUS_LAMBDA(vertex_t v, sssp_state sent) {
            const weight_t candidate = state_distance(sent);
            if (relax(&state[v], candidate) && place(v, candidate)) admitted.push(v);
          });
      lowered_ghosts.clear();
      ++iterations;
      mine = queues.advance(space, g);
      all = over_ranks(mine);
    }
    if (all.far_pending == 0) break;
    all = drain_next_windows(
        space, g, queues, delta, distance_of, split, mine, over_ranks,
        [&](weight_t nearest) { return comm.all_reduce<weight_t>(nearest, dist::reduce_op::min); });
    if (all.near_size == 0) break;
  }
  sssp_dist_result result;
  result.seconds = clock.stop();
  result.delta = delta;
  result.iterations = iterations;
  const host_vector<sssp_state> packed = state_buffer.to_host(owned);
  result.distance.resize(owned);
#pragma omp parallel for schedule(static)
  for (vertex_t v = 0; v < owned; ++v) result.distance[v] = state_distance(packed[v]);
  result.exchange = exchange.stats();
  return result;
}

}  // namespace plexus::detail
