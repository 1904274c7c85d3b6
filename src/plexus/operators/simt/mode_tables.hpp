// Count tables for the most frequent key, the collectives that SIMT kernels of label
// propagation build on (operators/mode_vote.hpp): a subgroup or a block inserts keys into an
// open-addressing table (linear probing) in shared or global memory, then its threads scan
// the slots and agree on the winner.
//
// The winner rule is a total order: highest count, then smallest rank (a tie-break the caller
// supplies, 0 when it has none), then smallest key. Every lane, block and the host versions
// therefore pick the same key, whatever the schedule.
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/backends/simt/vendor.hpp"
#include "plexus/operators/mode_vote.hpp"

namespace plexus::operators::simt {

/// An empty slot of a table; kNoVote, so a position that casts no vote is never counted.
inline constexpr std::uint32_t kModeEmpty = kNoVote;

// No default member initializers: an array of these lives in __shared__ memory.
struct mode_candidate {
  std::uint32_t key, count;  // count 0: no candidate
  std::uint64_t rank;
};

__device__ inline bool mode_better(const mode_candidate& a, const mode_candidate& b) {
  if (a.count != b.count) return a.count > b.count;
  if (a.rank != b.rank) return a.rank < b.rank;
  return a.key < b.key;
}

/// The best candidate of the whole subgroup; every lane gets it.
template <class Space>
__device__ inline mode_candidate subgroup_best(mode_candidate c) {
  using sg = backends::subgroup<Space>;
  for (unsigned offset = sg::width / 2; offset > 0; offset /= 2) {
    mode_candidate o{0, 0, 0};
    o.key = sg::shuffle_xor(sg::all, c.key, offset);
    o.count = sg::shuffle_xor(sg::all, c.count, offset);
    o.rank = sg::shuffle_xor(sg::all, c.rank, offset);
    if (mode_better(o, c)) c = o;
  }
  return c;
}

__device__ inline std::uint32_t mode_slot(std::uint32_t k, std::uint32_t mask) { return (k * 0x9e3779b1u) & mask; }

// The counts of a table, one per slot: 32 bits each, or two 16-bit counts per 32-bit word
// where no key can occur more than 65535 times (its lists are no longer). Packed counts take a
// third off a table's shared memory, so more blocks fit on a multiprocessor.
struct wide_counts {
  std::uint32_t* words;
  static constexpr std::uint32_t words_for(std::uint32_t slots) { return slots; }
  __device__ void add(std::uint32_t slot, std::uint32_t c) const { atomicAdd(&words[slot], c); }
  __device__ std::uint32_t get(std::uint32_t slot) const { return words[slot]; }
};
struct packed_counts {
  std::uint32_t* words;
  static constexpr std::size_t max_count = 0xffff;
  static constexpr std::uint32_t words_for(std::uint32_t slots) { return (slots + 1) / 2; }
  // A half never exceeds max_count, so no carry reaches the other half.
  __device__ void add(std::uint32_t slot, std::uint32_t c) const {
    atomicAdd(&words[slot >> 1], c << (16 * (slot & 1)));
  }
  __device__ std::uint32_t get(std::uint32_t slot) const { return (words[slot >> 1] >> (16 * (slot & 1))) & 0xffffu; }
};

/// Adds c occurrences of x to the table (linear probing); returns true to the caller that
/// placed x in an empty slot. The slot is read before it is claimed, so adding to a key that
/// is already there costs no compare-and-swap.
template <class Counts>
__device__ inline bool mode_add(std::uint32_t* keys, Counts counts, std::uint32_t mask, std::uint32_t x,
                                std::uint32_t c) {
  std::uint32_t slot = mode_slot(x, mask);
  for (;;) {
    std::uint32_t seen = *static_cast<volatile std::uint32_t*>(&keys[slot]);
    if (seen == kModeEmpty) seen = atomicCAS(&keys[slot], kModeEmpty, x);
    if (seen == kModeEmpty || seen == x) {
      counts.add(slot, c);
      return seen == kModeEmpty;
    }
    slot = (slot + 1) & mask;
  }
}
__device__ inline bool mode_add(std::uint32_t* keys, std::uint32_t* counts, std::uint32_t mask, std::uint32_t x,
                                std::uint32_t c) {
  return mode_add(keys, wide_counts{counts}, mask, x, c);
}

/// The best entry among the table's slots first, first + stride, ... below `slots`, better
/// than `best` (count 0: none yet): one thread's share of picking a mode, which subgroup_best
/// or block_best then combines. rank(key) breaks ties between equal counts.
template <class Counts, class Rank>
__device__ mode_candidate table_best(const std::uint32_t* keys, Counts counts, std::uint32_t slots,
                                     std::uint32_t first, std::uint32_t stride, mode_candidate best, Rank rank) {
  for (std::uint32_t i = first; i < slots; i += stride) {
    const std::uint32_t count = counts.get(i);
    if (count == 0) continue;
    const mode_candidate c{keys[i], count, rank(keys[i])};
    if (best.count == 0 || mode_better(c, best)) best = c;
  }
  return best;
}
template <class Rank>
__device__ mode_candidate table_best(const std::uint32_t* keys, std::uint32_t* counts, std::uint32_t slots,
                                     std::uint32_t first, std::uint32_t stride, mode_candidate best, Rank rank) {
  return table_best(keys, wide_counts{counts}, slots, first, stride, best, rank);
}

/// Winner of a block whose threads each hold a candidate; thread 0 returns it. The subgroups'
/// winners (`subgroup_winner`: one slot per subgroup of the block) are combined by the first
/// subgroup with the same shuffle reduction.
template <class Space>
__device__ inline mode_candidate block_best(mode_candidate best, mode_candidate* subgroup_winner) {
  using sg = backends::subgroup<Space>;
  const unsigned lane = sg::lane(), index = threadIdx.x / sg::width;
  best = subgroup_best<Space>(best);
  if (lane == 0) subgroup_winner[index] = best;
  __syncthreads();
  if (index == 0)
    best = subgroup_best<Space>(lane < blockDim.x / sg::width ? subgroup_winner[lane] : mode_candidate{0, 0, 0});
  return best;
}

}  // namespace plexus::operators::simt
