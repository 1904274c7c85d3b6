// The two ways a near-far round relaxes the near set (sssp.hpp), as types the loop chooses
// between per round through sssp_direction:
//   sssp_push_round  relaxes the near set's out-arcs with compare-and-swaps on the targets'
//                    state words (operators::advance_push and its load balancers);
//   sssp_pull_round  lets every vertex take the minimum of dist[u] + w over its in-arcs from
//                    near-set members u (a segmented min-reduction over the in-CSR) and lower
//                    its own state, with no contended compare-and-swaps.
// Both hand every vertex they lowered to place(v, candidate), which claims it for the near set
// being built (true: the round appends it to `next`) or pushes it to the far pile. The same
// rounds in the same order give the same distances whichever relaxes them.
#pragma once

#include <cstddef>
#include <limits>

#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/sssp/sssp_counters.hpp"
#include "plexus/algorithms/sssp/sssp_state.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"
#include "plexus/frontier/bitmap_frontier.hpp"
#include "plexus/frontier/segmented_push.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/graph/relabel.hpp"
#include "plexus/operators/advance.hpp"

namespace plexus::detail {

/// Which round relaxes a near set: pull when forced, or (automatic) when the near set's
/// out-arcs exceed pull_fraction of all arcs; push otherwise, and always where the graph has
/// no in-arcs on this back end.
class sssp_direction {
 public:
  sssp_direction(const sssp_options& options, backend_family family, bool has_in_edges)
      : mode_(options.direction),
        pull_fraction_(options.pull_fraction.value_or(default_sssp_pull_fraction(family))),
        can_pull_(options.direction != direction_mode::push && has_in_edges) {}

  bool can_pull() const { return can_pull_; }
  bool pulls(edge_t near_arcs, edge_t all_arcs) const {
    if (!can_pull_) return false;
    return mode_ == direction_mode::pull ||
           static_cast<double>(near_arcs) > pull_fraction_ * static_cast<double>(all_arcs);
  }

 private:
  direction_mode mode_;
  double pull_fraction_;
  bool can_pull_;
};

template <class Space>
class sssp_push_round {
 public:
  explicit sssp_push_round(vertex_t n) : work_(n) {}

  template <class Place>
  void run(const Space& space, csr_view g, const sparse_frontier<Space>& near, const sssp_counters& counters,
           load_balance balance, sssp_state* state, Place place, sparse_frontier<Space>& next) {
    work_.prepare(space, g, near, counters.near_size, counters.near_edges, balance);
    operators::advance_push(
        space, g, near, work_, next, balance,
        PLEXUS_LAMBDA(vertex_t u, vertex_t v, edge_t, weight_t w) {
          const weight_t candidate = state_distance(exec::atomic_load(&state[u])) + w;
          return relax(&state[v], candidate) && place(v, candidate);
        },
        PLEXUS_LAMBDA(vertex_t v) { exec::prefetch_for_update(&state[v]); });
  }

 private:
  operators::push_workspace<Space> work_;
};

// How a pull round tells the near set's members: a bitmap, or the near flag in each
// member's state word. On a GPU outside degree order the bitmap's probes go to L2 as often as
// the state reads do, and the flag saves one of the two random reads per arc, which measured
// faster. In degree order the hubs' bits share a few L1 lines and the bitmap is faster. A
// CPU's caches hold the bitmap (n / 8 bytes) where the states (4 bytes a vertex) spill, and
// setting and clearing the flag costs two locked instructions per member, so the host is
// faster with the bitmap (docs/performance/sssp.md, "Near flag or bitmap in pull rounds").
inline bool sssp_bitmap_membership(backend_family family, const csr_graph& graph) {
  return family == backend_family::cpu || degrees_non_increasing(graph);
}

template <class Space>
class sssp_pull_round {
 public:
  /// Built before the clock starts, like the loop's buffers: the in-CSR's segment plan and the
  /// near set's bitmap depend on the graph only.
  sssp_pull_round(const Space& space, const device_graph& graph, bool can_pull)
      : in_(can_pull ? graph.in_view() : csr_view{}),
        segments_(space, can_pull ? in_.num_vertices : 0, in_.offsets),
        bitmap_membership_(can_pull && sssp_bitmap_membership(Space::family, graph.host_graph())),
        near_bits_(bitmap_membership_ ? in_.num_vertices : 0),
        near_min_(1),
        min_weight_(static_cast<weight_t>(graph.weights().min)) {}

  template <class Place>
  void run(const Space& space, const sparse_frontier<Space>& near, std::size_t near_size, sssp_state* state,
           Place place, sparse_frontier<Space>& next) {
    // Above every distance's bits, +infinity's included.
    const sssp_state no_candidate = ~sssp_state(0);
    const weight_t infinity = std::numeric_limits<weight_t>::infinity();
    const csr_view in = in_;
    const bool bitmap_membership = bitmap_membership_;
    const weight_t min_weight = min_weight_;
    weight_t* near_min = near_min_.data();
    const auto bits = near_bits_.view();
    const vertex_t* members = near.data();
    const auto distance_of = PLEXUS_LAMBDA(vertex_t v) { return state_distance(exec::atomic_load(&state[v])); };
    if (bitmap_membership) {
      near_bits_.clear();
      exec::for_each(space, near_size, PLEXUS_LAMBDA(std::size_t i) { bits.set(members[i]); });
    } else {
      exec::for_each(space, near_size, PLEXUS_LAMBDA(std::size_t i) { exec::atomic_or(&state[members[i]], near_flag); });
    }
    const auto next_list = next.view();
    // No candidate of this round is below the near set's smallest distance plus the smallest
    // weight (float sums are monotonic), and a vertex at or below that floor cannot be
    // lowered, so its in-arcs are not read. A near vertex lowered during the round is queued
    // for the next one, as in a push round. The floor stays in device memory, where the
    // predicate reads it: no host round trip.
    exec::reduce_into(
        space, near_size, infinity, PLEXUS_LAMBDA(std::size_t i) { return distance_of(members[i]); },
        exec::minimum{}, near_min);
    segmented_reduce_push(
        space, segments_,
        PLEXUS_LAMBDA(std::size_t s) { return distance_of(static_cast<vertex_t>(s)) > *near_min + min_weight; },
        PLEXUS_LAMBDA(edge_t e) {
          const vertex_t u = exec::stream_load(in.indices + e);
          if (bitmap_membership && !bits.test(u)) return no_candidate;
          const sssp_state su = exec::atomic_load(&state[u]);
          if (!bitmap_membership && !(su & near_flag)) return no_candidate;
          const weight_t w = in.weights ? exec::stream_load(in.weights + e) : weight_t(1);
          return pack_state(state_distance(su) + w);
        },
        no_candidate, exec::minimum{},
        PLEXUS_LAMBDA(std::size_t s, sssp_state best) {
          if (best == no_candidate) return false;
          const vertex_t v = static_cast<vertex_t>(s);
          const weight_t candidate = state_distance(best);
          return relax(&state[v], candidate) && place(v, candidate);
        },
        next_list);
    if (!bitmap_membership)  // members of the next near set are flagged when it is pulled
      exec::for_each(space, near_size,
                     PLEXUS_LAMBDA(std::size_t i) { exec::atomic_and(&state[members[i]], ~near_flag); });
  }

 private:
  csr_view in_;
  exec::segment_plan<Space> segments_;
  bool bitmap_membership_;
  bitmap_frontier<Space> near_bits_;
  exec::buffer<Space, weight_t> near_min_;
  weight_t min_weight_;
};

}  // namespace plexus::detail
