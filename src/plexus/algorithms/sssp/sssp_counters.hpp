// The figures the SSSP loop reads back after every round, in one transfer.
#pragma once

#include <cstddef>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/bucket_pile.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus::detail {

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

}  // namespace plexus::detail
