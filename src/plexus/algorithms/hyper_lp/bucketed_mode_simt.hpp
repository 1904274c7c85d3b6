// bucketed_mode(space, workspace, buckets, length, key, out) on a SIMT back end: see
// bucketed_mode.hpp.
//
// The GPU mapping of De Caro et al., "Evaluating Portable Programming Models for Hypergraph
// Label Propagation on GPUs": one kernel per degree bucket, each launched on its own side
// stream so short-list and long-list work overlap (backends/simt/stream_fork.hpp).
//   small  (length <= kSmallSegmentMax)   a tile of 16 lanes per segment, one key per lane,
//          counted in registers (operators/simt/tile_mode.hpp: each lane compares its key
//          with the tile's);
//   medium (length <= kMediumSegmentMax)  one subgroup per segment: in registers like a tile
//          when the segment has at most a subgroup's width of keys (here match_any counts),
//          else in the subgroup's kMediumSlots-slot slice of shared memory;
//   large, very large, huge  one block per segment (block_shape): 128 threads with a
//          2048-slot shared table (length <= kLargeSegmentMax), 512 threads with 8192 slots
//          (<= kVeryLargeSegmentMax), 1024 threads with 16384 slots where a block may take
//          96 KiB of shared memory (8192 elsewhere); counts 16 bits wide where no list is
//          longer than 65535 keys. A first pass checks whether every vote is for one key (what
//          most long lists hold once labels converge) and then only counts. Otherwise the block
//          counts in its shared table. Only a huge segment can hold more distinct keys than
//          its table's 3/4 load; it then sets an overflow flag, and the block discards the
//          shared table and recounts the segment in a global-memory table of capacity >= 2 *
//          length reserved for that block, so huge label counts are slower but never wrong.
//          Why three sizes: on a power-law hypergraph most long lists are a few hundred keys,
//          and one 512-thread block each spent most of such a list waiting at its barriers and
//          on the dependent loads of its phases, with a quarter of its threads holding keys;
//          and lists of more than 6144 keys, which overflowed an 8192-slot table while labels
//          were still diverse, were recounted with global-memory atomics
//          (docs/performance/hyper_lp.md, "Degree buckets and block sizes").
// The tile and subgroup kernels take two segments per pass and issue both segments' loads
// before counting either (kTileSegments).
// Winners: highest count, then smallest key: a total order, so every schedule gives the host
// version's answer.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "plexus/backends/simt/stream_fork.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/core/error.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/segment_buckets.hpp"
#include "plexus/operators/mode_vote.hpp"
#include "plexus/operators/simt/mode_tables.hpp"
#include "plexus/operators/simt/tile_mode.hpp"

namespace plexus::detail {

namespace hyper_lp_simt {

using namespace plexus::operators::simt;
using operators::kNoVote;

constexpr unsigned kSmallTile = 16;                            // lanes per small segment
constexpr std::uint32_t kMediumSlots = 2 * kMediumSegmentMax;  // shared table of a medium segment
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
static_assert(kNoVote == kModeEmpty, "a no-vote key is never inserted into a mode table");
static_assert(kSmallSegmentMax <= kSmallTile, "small segments fit a tile");

// Bucketed mode breaks ties by key alone.
__device__ inline std::uint64_t no_rank(std::uint32_t) { return 0; }

// Inserts x with the lanes of the subgroup that hold the same key combined first: once labels
// converge most pins of a list carry one label, and one atomic add per subgroup instead of one
// per lane removes the contention on that slot. Returns true to the lane that placed a new key.
template <class Space, class Counts>
__device__ inline bool mode_insert_aggregated(std::uint32_t* keys, Counts counts, std::uint32_t mask,
                                              std::uint32_t x) {
  using sg = backends::subgroup<Space>;
  const auto peers = sg::match_any(sg::active(), x);
  if (static_cast<int>(sg::lane()) != sg::first(peers)) return false;
  return mode_add(keys, counts, mask, x, static_cast<std::uint32_t>(sg::count(peers)));
}

// Each tile takes kTileSegments segments per pass and issues the loads of all of them (list
// id, length, key) before it counts any: a segment's loads are a dependent chain, and with a
// single chain per tile the kernel waited on memory latency at full occupancy.
constexpr unsigned kTileSegments = 2;

template <class Space, unsigned Width, class Length, class Key, class Out>
__global__ void bucket_tile_kernel(const std::uint32_t* ids, std::size_t count, Length length, Key key,
                                   Out out) {
  const unsigned tile_lane = threadIdx.x & (Width - 1);
  const std::size_t tiles = static_cast<std::size_t>(gridDim.x) * blockDim.x / Width;
  for (std::size_t j = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / Width; j < count;
       j += kTileSegments * tiles) {
    std::size_t s[kTileSegments];
    std::uint32_t x[kTileSegments];
#pragma unroll
    for (unsigned k = 0; k < kTileSegments; ++k) {
      const std::size_t jk = j + k * tiles;
      s[k] = jk < count ? ids[jk] : 0;
    }
#pragma unroll
    for (unsigned k = 0; k < kTileSegments; ++k) {
      const std::size_t d = j + k * tiles < count ? static_cast<std::size_t>(length(s[k])) : 0;
      x[k] = tile_lane < d ? key(s[k], tile_lane) : kNoVote;
    }
#pragma unroll
    for (unsigned k = 0; k < kTileSegments; ++k) {
      const tile_winner w = tile_mode<Space, tile_count::pairwise, Width>(x[k]);
      if (tile_lane == 0 && j + k * tiles < count) out(s[k], w.key, w.count);
    }
  }
}

template <class Space, class Length, class Key, class Out>
__global__ void bucket_subgroup_kernel(const std::uint32_t* ids, std::size_t count, Length length, Key key,
                                       Out out) {
  using sg = backends::subgroup<Space>;
  __shared__ std::uint32_t table_keys[Space::block_size / sg::width][kMediumSlots];
  __shared__ std::uint32_t table_counts[Space::block_size / sg::width][kMediumSlots];
  const unsigned lane = sg::lane(), index = threadIdx.x / sg::width;
  std::uint32_t* keys = table_keys[index];
  std::uint32_t* counts = table_counts[index];
  const std::size_t subgroups = (static_cast<std::size_t>(gridDim.x) * blockDim.x) / sg::width;
  // As the tile kernel: kTileSegments segments per pass, whose loads (and, for those of at
  // most a subgroup's width of keys, the keys themselves) are issued before any is counted.
  for (std::size_t j = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / sg::width; j < count;
       j += kTileSegments * subgroups) {
    std::size_t s[kTileSegments], d[kTileSegments];
    std::uint32_t x[kTileSegments];
#pragma unroll
    for (unsigned k = 0; k < kTileSegments; ++k) s[k] = j + k * subgroups < count ? ids[j + k * subgroups] : 0;
#pragma unroll
    for (unsigned k = 0; k < kTileSegments; ++k) {
      d[k] = j + k * subgroups < count ? static_cast<std::size_t>(length(s[k])) : 0;
      x[k] = d[k] <= sg::width && lane < d[k] ? key(s[k], lane) : kNoVote;
    }
#pragma unroll
    for (unsigned k = 0; k < kTileSegments; ++k) {
      if (j + k * subgroups >= count) break;
      if (d[k] <= sg::width) {
        const tile_winner w = tile_mode<Space, tile_count::match, sg::width>(x[k]);
        if (lane == 0) out(s[k], w.key, w.count);
        continue;
      }
      const auto capacity = static_cast<std::uint32_t>(operators::mode_table_capacity(d[k]));
      for (std::uint32_t i = lane; i < capacity; i += sg::width) {
        keys[i] = kModeEmpty;
        counts[i] = 0;
      }
      sg::sync();
      for (std::size_t i = lane; i < d[k]; i += sg::width) {
        const std::uint32_t y = key(s[k], i);
        if (y != kNoVote) mode_insert_aggregated<Space>(keys, wide_counts{counts}, capacity - 1, y);
      }
      sg::sync();
      mode_candidate best =
          table_best(keys, counts, capacity, lane, sg::width, mode_candidate{kNoVote, 0, 0}, no_rank);
      best = subgroup_best<Space>(best);
      if (lane == 0) out(s[k], best.count ? best.key : kNoVote, best.count);
      sg::sync();  // every lane has read the table before it is cleared for the next segment
    }
  }
}

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

}  // namespace hyper_lp_simt

template <class Space>
  requires exec::simt_space<Space>
class mode_workspace<Space> {
  using runtime = backends::gpu_runtime<Space>;
  using shapes = hyper_lp_simt::bucket_shapes<Space>;

 public:
  /// `max_length`: the longest segment any later call will see (sizes the fallback tables).
  mode_workspace(const Space&, std::size_t max_length) : limits_(runtime::limits()) {
    // Each block of a huge segment has its own fallback table.
    if (max_length > shapes::huge::distinct) {
      capacity_ = static_cast<std::uint32_t>(operators::mode_table_capacity(max_length));
      const unsigned blocks =
          std::max(resident_blocks<typename shapes::huge>(), resident_blocks<typename shapes::huge_wide>());
      tables_.resize(std::size_t(blocks) * 2 * capacity_);
    }
  }
  mode_workspace(const mode_workspace&) = delete;
  mode_workspace& operator=(const mode_workspace&) = delete;

  /// One side stream per bucket, so the buckets' kernels overlap.
  const backends::stream_fork<Space, kSegmentBuckets>& streams() const { return streams_; }
  std::uint32_t* tables() { return tables_.data(); }
  std::uint32_t capacity() const { return capacity_; }
  /// Blocks of a long-segment block_shape that the device holds at once, limited by shared
  /// memory and threads per multiprocessor.
  template <class Shape>
  unsigned resident_blocks() const {
    const std::size_t per_block = Shape::table_bytes + 2048;  // + statics and the driver's reserve
    const std::size_t fit =
        std::max<std::size_t>(1, static_cast<std::size_t>(limits_.shared_per_multiprocessor) / per_block);
    const std::size_t by_threads =
        std::max<std::size_t>(1, static_cast<std::size_t>(limits_.threads_per_multiprocessor) / Shape::threads);
    return static_cast<unsigned>(limits_.multiprocessors) * static_cast<unsigned>(std::min(fit, by_threads));
  }

 private:
  typename runtime::device_limits limits_;
  backends::stream_fork<Space, kSegmentBuckets> streams_;
  exec::buffer<Space, std::uint32_t> tables_;
  std::uint32_t capacity_ = 0;
};

namespace hyper_lp_simt {

// The blocks of one long-segment bucket, as many as are resident at once, on its stream.
template <class Space, class Shape, class Length, class Key, class Out>
void launch_block_kernel(const mode_workspace<Space>& work, segment_bucket b, const segment_buckets& buckets,
                         Length length, Key key, Out out, std::uint32_t* tables, std::uint32_t capacity) {
  const auto kernel = bucket_block_kernel<Space, Shape, Length, Key, Out>;
  backends::gpu_runtime<Space>::allow_dynamic_shared(kernel, Shape::table_bytes);
  const std::size_t count = buckets.size(b);
  kernel<<<static_cast<unsigned>(std::min<std::size_t>(count, work.template resident_blocks<Shape>())), Shape::threads,
           Shape::table_bytes, work.streams().stream(static_cast<int>(b))>>>(buckets.ids[static_cast<int>(b)], count,
                                                                             length, key, out, tables, capacity);
}

}  // namespace hyper_lp_simt

template <exec::simt_space Space, class Length, class Key, class Out>
void bucketed_mode(const Space& space, mode_workspace<Space>& work, const segment_buckets& buckets, Length length,
                   Key key, Out out) {
  namespace detail = hyper_lp_simt;
  using shapes = detail::bucket_shapes<Space>;
  using sg = backends::subgroup<Space>;
  if (buckets.total() == 0) return;
  if (buckets.size(segment_bucket::huge) != 0 && buckets.max_length > shapes::huge::distinct &&
      2 * buckets.max_length > work.capacity())
    throw error(error_kind::invalid_argument, "bucketed_mode: workspace sized for shorter segments than given");
  work.streams().fork(space.stream());
  // Longest segments first: their blocks are dispatched first, and the short lists fill the
  // multiprocessors as the long ones finish.
  for (int b = kSegmentBuckets; b-- > 0;) {
    const std::size_t count = buckets.count[b];
    const auto stream = work.streams().stream(b);
    if (count == 0) continue;
    if (b == 0) {
      const std::size_t passes = (count + detail::kTileSegments - 1) / detail::kTileSegments;
      detail::bucket_tile_kernel<Space, detail::kSmallTile>
          <<<Space::grid_for(passes, Space::block_size / detail::kSmallTile), Space::block_size, 0, stream>>>(
              buckets.ids[0], count, length, key, out);
    } else if (b == 1) {
      const std::size_t passes = (count + detail::kTileSegments - 1) / detail::kTileSegments;
      detail::bucket_subgroup_kernel<Space>
          <<<Space::grid_for(passes, Space::block_size / sg::width), Space::block_size, 0, stream>>>(
              buckets.ids[1], count, length, key, out);
    } else if (b == 2) {
      detail::launch_block_kernel<Space, typename shapes::large>(work, segment_bucket::large, buckets, length, key,
                                                                 out, nullptr, 0);
    } else if (b == 3) {
      detail::launch_block_kernel<Space, typename shapes::very_large>(work, segment_bucket::very_large, buckets,
                                                                      length, key, out, nullptr, 0);
    } else if (buckets.max_length <= operators::simt::packed_counts::max_count) {
      detail::launch_block_kernel<Space, typename shapes::huge>(work, segment_bucket::huge, buckets, length, key,
                                                                out, work.tables(), work.capacity());
    } else {
      detail::launch_block_kernel<Space, typename shapes::huge_wide>(work, segment_bucket::huge, buckets, length,
                                                                     key, out, work.tables(), work.capacity());
    }
    backends::gpu_runtime<Space>::check_launch();
  }
  work.streams().join(space.stream());
}

}  // namespace plexus::detail
