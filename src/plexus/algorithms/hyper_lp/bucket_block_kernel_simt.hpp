// The long-list kernel of bucketed_mode on SIMT back ends (bucketed_mode_simt.hpp): one block
// per segment, of a block_shape chosen by the segment's degree bucket, counting in a shared
// table with a global-memory fallback.
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/backends/simt/vendor.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/segment_buckets.hpp"
#include "plexus/operators/mode_vote.hpp"
#include "plexus/operators/simt/mode_tables.hpp"
#include "plexus/operators/simt/tile_mode.hpp"

#include "plexus/algorithms/hyper_lp/bucket_short_kernels_simt.hpp"

namespace plexus::detail::hyper_lp_simt {

using namespace plexus::operators::simt;
using operators::kNoVote;

// The block sizes of the long-segment buckets: threads, shared-table slots (a 4-byte key and
// a 4- or 2-byte count each), and the most distinct keys the table takes (3/4 load) before it
// overflows.
// Counts: wide_counts, or packed_counts where no list of the bucket is longer than
// packed_counts::max_count (a third less shared memory per table, so more blocks per
// multiprocessor).
template <unsigned Threads, std::uint32_t Slots, class Counts>
struct block_shape {
  using counts_type = Counts;
  static constexpr unsigned threads = Threads;
  static constexpr std::uint32_t slots = Slots;
  static constexpr std::uint32_t distinct = Slots / 4 * 3;
  static constexpr std::uint32_t count_words = Counts::words_for(Slots);
  static constexpr std::size_t table_bytes = (Slots + count_words) * sizeof(std::uint32_t);
  // A thread counts each key it places before its next insert and inserts at most one key
  // after the flag is raised, so fewer than distinct + 2 * Threads keys are ever placed and
  // probing always finds a free slot.
  static_assert(distinct + 2 * Threads < Slots, "late inserters still find a free slot");
};
// With packed counts the large and very large tables are 12 and 48 KiB and the huge one 96 KiB
// (docs/performance/hyper_lp.md, "16-bit counts in the block tables", gives the blocks per
// multiprocessor on an H100 and what they gained). A back end whose blocks
// may not take 96 KiB of shared memory (Space::shared_bytes_per_block) gets the very large
// bucket's shape for huge lists too, 512 threads and 8192 slots, and reaches the global
// fallback sooner. Huge lists longer than 65535 keys take the huge_wide shape.
template <class Space>
struct bucket_shapes {
  using large = block_shape<128, 2048, packed_counts>;
  using very_large = block_shape<512, 8192, packed_counts>;
  static constexpr bool big_tables =
      block_shape<1024, 16384, wide_counts>::table_bytes + 4096 <= Space::shared_bytes_per_block;
  using huge = block_shape<big_tables ? 1024 : 512, big_tables ? 16384 : 8192, packed_counts>;
  using huge_wide = block_shape<big_tables ? 1024 : 512, big_tables ? 16384 : 8192, wide_counts>;
  static_assert(huge_wide::table_bytes <= Space::shared_bytes_per_block, "the huge table fits a block");
  static_assert(kLargeSegmentMax <= large::distinct, "a large segment never overflows its table");
  static_assert(kVeryLargeSegmentMax <= very_large::distinct, "nor does a very large one");
};
static_assert(kVeryLargeSegmentMax <= packed_counts::max_count, "large and very large lists fit packed counts");

// Counts keys a thread placed in the shared table, one atomic per converged group of lanes
// instead of one per key: with mostly distinct keys (random initial labels) every insert
// places a key, and a per-key atomic on this one counter would serialise the block.
template <class Space>
__device__ inline void count_placed(unsigned* distinct, int* overflow, bool placed, unsigned limit) {
  using sg = backends::subgroup<Space>;
  const auto active = sg::active();
  const auto placed_lanes = sg::ballot(active, placed);
  if (placed_lanes != 0 && static_cast<int>(sg::lane()) == sg::first(active) &&
      atomicAdd(distinct, static_cast<unsigned>(sg::count(placed_lanes))) + sg::count(placed_lanes) > limit)
    *overflow = 1;
}

// One block of Shape::threads threads per segment. Barriers per segment: one after the table
// is cleared, one after the uniform pass, one after the inserts and one inside block_best;
// the next segment clears the table only after that last one, when every thread is done
// reading it. global_tables may be null where no segment is longer than Shape::distinct.
template <class Space, class Shape, class Length, class Key, class Out>
__global__ void __launch_bounds__(Shape::threads)
    bucket_block_kernel(const std::uint32_t* ids, std::size_t count, Length length, Key key, Out out,
                        std::uint32_t* global_tables, std::uint32_t global_capacity) {
  using sg = backends::subgroup<Space>;
  constexpr std::uint32_t Slots = Shape::slots;
  extern __shared__ std::uint32_t large_table[];  // Shape::table_bytes: keys, then counts
  std::uint32_t* keys = large_table;
  const typename Shape::counts_type counts{large_table + Slots};
  __shared__ unsigned distinct, votes;
  __shared__ int overflow, mixed;
  __shared__ mode_candidate subgroup_winner[Shape::threads / sg::width];
  for (std::size_t j = blockIdx.x; j < count; j += gridDim.x) {
    const std::size_t s = ids[j];
    const std::size_t d = static_cast<std::size_t>(length(s));
    if (d == 0) {  // nothing votes (graph LP skips a settled hub this way): no table, no barrier
      if (threadIdx.x == 0) out(s, kNoVote, 0u);
      continue;
    }
    // A table of twice the length (at most Slots) cannot overflow; only lists longer than
    // Slots / 2 use the whole table and may.
    std::uint32_t slots = 512;
    while (slots < 2 * d && slots < Slots) slots *= 2;
    for (std::uint32_t i = threadIdx.x; i < slots; i += blockDim.x) keys[i] = kModeEmpty;
    for (std::uint32_t i = threadIdx.x; i < Shape::counts_type::words_for(slots); i += blockDim.x)
      counts.words[i] = 0;
    if (threadIdx.x == 0) {
      distinct = 0;
      overflow = 0;
      votes = 0;
      mixed = 0;
    }
    __syncthreads();
    // Uniform pass: count the votes for the first position's key, and stop as soon as any
    // thread sees another key.
    const std::uint32_t first = key(s, 0);
    if (first != kNoVote) {
      std::uint32_t mine = 0;
      for (std::size_t i = threadIdx.x; i < d; i += blockDim.x) {
        if (*static_cast<volatile int*>(&mixed)) break;
        const std::uint32_t x = key(s, i);
        if (x == first) {
          ++mine;
        } else if (x != kNoVote) {
          mixed = 1;
          break;
        }
      }
      if (mine != 0) atomicAdd(&votes, mine);
    }
    __syncthreads();
    if (first != kNoVote && !mixed) {
      // Thread 0 reads votes before it resets it for the next segment; the others read only
      // mixed, which stays 0 until the next segment's uniform pass, after its barrier.
      if (threadIdx.x == 0) out(s, first, votes);
      continue;
    }
    for (std::size_t i = threadIdx.x; i < d; i += blockDim.x) {
      if (*static_cast<volatile int*>(&overflow)) break;  // see block_shape
      const std::uint32_t x = key(s, i);
      if (x == kNoVote) continue;
      count_placed<Space>(&distinct, &overflow, mode_insert_aggregated<Space>(keys, counts, slots - 1, x),
                          Shape::distinct);
    }
    __syncthreads();
    mode_candidate best{kNoVote, 0, 0};
    if (!overflow) {
      best = table_best(keys, counts, slots, threadIdx.x, blockDim.x, best, no_rank);
    } else {
      // Fallback: recount the whole segment in this block's global-memory table.
      const auto used = static_cast<std::uint32_t>(operators::mode_table_capacity(d));
      std::uint32_t* gkeys = global_tables + static_cast<std::size_t>(blockIdx.x) * 2 * global_capacity;
      std::uint32_t* gcounts = gkeys + global_capacity;
      for (std::uint32_t i = threadIdx.x; i < used; i += blockDim.x) {
        gkeys[i] = kModeEmpty;
        gcounts[i] = 0;
      }
      __syncthreads();
      for (std::size_t i = threadIdx.x; i < d; i += blockDim.x) {
        const std::uint32_t x = key(s, i);
        if (x != kNoVote) mode_insert_aggregated<Space>(gkeys, wide_counts{gcounts}, used - 1, x);
      }
      __syncthreads();
      best = table_best(gkeys, gcounts, used, threadIdx.x, blockDim.x, best, no_rank);
    }
    best = block_best<Space>(best, subgroup_winner);
    if (threadIdx.x == 0) out(s, best.count ? best.key : kNoVote, best.count);
  }
}

}  // namespace plexus::detail::hyper_lp_simt
