// The near-far SSSP loop (see sssp.hpp), written once over an execution space
// and instantiated per back end (sssp_instances.hpp).
//
// State per vertex: one 64-bit word, high half the float bits of the tentative distance
// (non-negative floats order like their bit patterns), low half the parent. One compare-and-swap
// lowers distance and parent together. The top bit, the distance's sign, is free for the near
// flag of GPU pull rounds (near_flag below); state_distance masks it.
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
#include <cstring>
#include <limits>

#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"
#include "plexus/frontier/bitmap_frontier.hpp"
#include "plexus/frontier/bucket_pile.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/graph/relabel.hpp"
#include "plexus/operators/advance.hpp"

namespace plexus::detail {

// The top bit of a state word (the sign bit of the distance, which is never negative) marks
// the members of the near set during a pull round: a pull reads the state of each in-neighbour
// anyway, and the flag there saves a probe of a separate bitmap for every in-arc (one random
// read of two per arc, most of them served by L2).
inline constexpr unsigned long long near_flag = 1ull << 63;

PLEXUS_HOST_DEVICE inline unsigned long long pack_state(weight_t distance, vertex_t parent) {
  static_assert(sizeof(weight_t) == 4, "state packing assumes 32-bit weights");
  unsigned int bits;
  memcpy(&bits, &distance, sizeof bits);
  return (static_cast<unsigned long long>(bits) << 32) | parent;
}
PLEXUS_HOST_DEVICE inline weight_t state_distance(unsigned long long state) {
  const unsigned int bits = static_cast<unsigned int>((state & ~near_flag) >> 32);
  weight_t distance;
  memcpy(&distance, &bits, sizeof distance);
  return distance;
}

/// Lowers *slot to (distance, parent) when distance is strictly smaller than the recorded
/// one; returns whether it did. Ties never move a parent, so the source keeps itself as
/// parent and zero-weight cycles cannot make parents point at each other. The near flag
/// stays as it was.
PLEXUS_HOST_DEVICE inline bool relax(unsigned long long* slot, weight_t distance, vertex_t parent) {
  const unsigned long long packed = pack_state(distance, parent);
  unsigned long long old = exec::atomic_load(slot);
  while (distance < state_distance(old)) {
    const unsigned long long seen = exec::atomic_cas(slot, old, packed | (old & near_flag));
    if (seen == old) return true;
    old = seen;
  }
  return false;
}

// Whether a near set with `arcs` out-arcs is relaxed by pulling (see sssp.hpp).
inline bool sssp_pulls(const sssp_options& options, double pull_fraction, bool can_pull, edge_t arcs,
                       edge_t all_arcs) {
  if (!can_pull || options.direction == direction_mode::push) return false;
  return options.direction == direction_mode::pull ||
         static_cast<double>(arcs) > pull_fraction * static_cast<double>(all_arcs);
}

// How a pull round tells the near set's members: a bitmap, or the near flag in each
// member's state word. On a GPU outside degree order the bitmap's probes go to L2 as often as
// the state reads do, and the flag saves one of the two random reads per arc, which measured
// faster. In degree order the hubs' bits share a few L1 lines and the bitmap is faster. A
// CPU's caches hold the bitmap (n / 8 bytes) where the 8-byte states spill, and setting and
// clearing the flag costs two locked instructions per member, so the host is faster with the
// bitmap (docs/performance/sssp.md, "Near flag or bitmap in pull rounds").
inline bool sssp_bitmap_membership(backend_family family, const csr_graph& graph) {
  return family == backend_family::cpu || degrees_non_increasing(graph);
}

// What the host needs after every round, read in one transfer: the near set's size and
// out-arcs (the push/pull choice and the load balancer need both) and the far pile's pending
// word (its size on GPUs, nonzero while vertices wait on the host).
// One round trip per round instead of one per figure: on Kronecker graphs the loop runs many
// rounds and re-filters, and each round trip idles the GPU
// (docs/performance/sssp.md, "One host round trip per round").
struct sssp_counters {
  std::size_t near_size = 0;
  edge_t near_edges = 0;
  std::size_t far_pending = 0;
};

// Layout of the counter block: the accumulator a round's degree total adds into, then the
// snapshot the host reads.
enum sssp_counter_slot : std::size_t { near_edges_sum, snapshot, counter_slots = snapshot + 3 };

template <class Space>
sssp_counters read_sssp_counters(const Space& space, csr_view g, const sparse_frontier<Space>& near,
                                 const bucket_pile<Space>& far,
                                 exec::buffer<Space, unsigned long long>& block) {
  unsigned long long* slot = block.data();
  const vertex_t* items = near.data();
  exec::sum_counted(
      space, near.count_data(), near.capacity(),
      PLEXUS_LAMBDA(std::size_t i) { return static_cast<unsigned long long>(g.degree(items[i])); },
      slot + near_edges_sum);
  const unsigned long long* near_count = near.count_data();
  const unsigned long long* far_count = far.count_data();
  // Snapshot, then reset the accumulator for the next round (queued after the kernel that
  // added into it, before the next one that will).
  exec::for_each(
      space, 1, PLEXUS_LAMBDA(std::size_t) {
        slot[snapshot + 0] = slot[near_edges_sum];
        slot[snapshot + 1] = *near_count;
        slot[snapshot + 2] = *far_count;
        slot[near_edges_sum] = 0;
      });
  const host_vector<unsigned long long> read = block.to_host();
  sssp_counters c;
  c.near_edges = static_cast<edge_t>(read[snapshot + 0]);
  c.near_size = near.checked_size(read[snapshot + 1]);
  c.far_pending = far.checked_size(read[snapshot + 2]);
  return c;
}

template <class Space>
sssp_result sssp_run(const device_graph& graph, vertex_t source, weight_t delta,
                     const sssp_options& options) {
  using state_t = unsigned long long;
  const Space space;
  const csr_view g = graph.out_view();
  const vertex_t n = g.num_vertices;
  const load_balance balance = options.balance;
  const double pull_fraction = options.pull_fraction.value_or(default_sssp_pull_fraction(Space::family));
  // Pull rounds read the in-CSR; its segment plan depends on the graph only, so it is built
  // before the clock starts, like the buffers.
  const bool can_pull = options.direction != direction_mode::push && graph.has_in_edges();
  const csr_view in = can_pull ? graph.in_view() : csr_view{};
  const exec::segment_plan<Space> in_segments(space, can_pull ? n : 0, in.offsets);
  const bool bitmap_membership = can_pull && sssp_bitmap_membership(Space::family, graph.host_graph());
  bitmap_frontier<Space> near_bits(bitmap_membership ? n : 0);
  const state_t no_candidate = ~state_t(0);
  const weight_t infinity = std::numeric_limits<weight_t>::infinity();
  const weight_t min_weight = static_cast<weight_t>(graph.weights().min);

  exec::buffer<Space, state_t> state_buffer(n);
  exec::buffer<Space, unsigned int> near_mark_buffer(n);
  exec::buffer<Space, unsigned long long> counter_block(counter_slots);
  exec::buffer<Space, weight_t> near_min_buffer(1);
  weight_t* near_min = near_min_buffer.data();

  state_buffer.fill(pack_state(infinity, invalid_vertex));
  state_buffer.set(source, pack_state(0, source));
  near_mark_buffer.fill(0);
  counter_block.fill(0);
  state_t* state = state_buffer.data();
  unsigned int* near_mark = near_mark_buffer.data();

  sparse_frontier<Space> near(n), next(n);
  bucket_pile<Space> far(n, delta);
  const auto distance_of = PLEXUS_LAMBDA(vertex_t v) { return state_distance(exec::atomic_load(&state[v])); };
  operators::push_workspace<Space> work(n);
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
      if (sssp_pulls(options, pull_fraction, can_pull, counters.near_edges, g.num_edges)) {
        const auto bits = near_bits.view();
        const vertex_t* members = near.data();
        if (bitmap_membership) {
          near_bits.clear();
          exec::for_each(
              space, counters.near_size, PLEXUS_LAMBDA(std::size_t i) { bits.set(members[i]); });
        } else {
          exec::for_each(
              space, counters.near_size,
              PLEXUS_LAMBDA(std::size_t i) { exec::atomic_or(&state[members[i]], near_flag); });
        }
        const auto next_list = next.view();
        // No candidate of this round is below the near set's smallest distance plus the
        // smallest weight (float sums are monotonic), and a vertex at or below that floor
        // cannot be lowered, so its in-arcs are not read. A near vertex lowered during the
        // round is queued for the next one, as in a push round. The floor stays in device
        // memory, where the predicate reads it: no host round trip.
        exec::reduce_into(
            space, counters.near_size, infinity,
            PLEXUS_LAMBDA(std::size_t i) { return distance_of(members[i]); }, exec::minimum{}, near_min);
        exec::segmented_reduce_if(
            space, in_segments,
            PLEXUS_LAMBDA(std::size_t s) { return distance_of(static_cast<vertex_t>(s)) > *near_min + min_weight; },
            PLEXUS_LAMBDA(edge_t e) {
              const vertex_t u = exec::stream_load(in.indices + e);
              if (bitmap_membership && !bits.test(u)) return no_candidate;
              const state_t su = exec::atomic_load(&state[u]);
              if (!bitmap_membership && !(su & near_flag)) return no_candidate;
              const weight_t w = in.weights ? exec::stream_load(in.weights + e) : weight_t(1);
              return pack_state(state_distance(su) + w, u);
            },
            no_candidate, exec::minimum{},
            PLEXUS_LAMBDA(std::size_t s, state_t best) {
              if (best == no_candidate) return;
              const vertex_t v = static_cast<vertex_t>(s);
              const weight_t candidate = state_distance(best);
              if (relax(&state[v], candidate, static_cast<vertex_t>(best & 0xffffffffu)) && place(v, candidate))
                next_list.push(v);
            });
        if (!bitmap_membership)  // members of the next near set are flagged when it is pulled
          exec::for_each(
              space, counters.near_size,
              PLEXUS_LAMBDA(std::size_t i) { exec::atomic_and(&state[members[i]], ~near_flag); });
        ++pull_rounds;
      } else {
        work.prepare(space, g, near, counters.near_size, counters.near_edges, balance);
        operators::advance_push(
            space, g, near, work, next, balance,
            PLEXUS_LAMBDA(vertex_t u, vertex_t v, edge_t, weight_t w) {
              const weight_t candidate = distance_of(u) + w;
              return relax(&state[v], candidate, u) && place(v, candidate);
            },
            PLEXUS_LAMBDA(vertex_t v) { exec::prefetch_for_update(&state[v]); });
      }
      ++iterations;
      near.swap(next);
      counters = read_sssp_counters(space, g, near, far, counter_block);
    }
    if (counters.far_pending == 0) break;
    // Move the split up until some far vertex falls below it.
    weight_t old_split = split;
    split += delta;
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
      split = nearest + delta;
    }
    if (counters.near_size == 0) break;
  }
  sssp_result result;
  result.seconds = clock.stop();
  result.iterations = iterations;
  result.pull_rounds = pull_rounds;
  const host_vector<state_t> packed = state_buffer.to_host();
  result.distance.resize(n);
  result.parent.resize(n);
#pragma omp parallel for schedule(static)
  for (vertex_t v = 0; v < n; ++v) {
    result.distance[v] = state_distance(packed[v]);
    result.parent[v] = static_cast<vertex_t>(packed[v] & 0xffffffffu);
  }
  return result;
}

}  // namespace plexus::detail
