// segmented_mode(cuda, n, length, key, rank, out): see exec/segmented.hpp.
//
// Sort-free histograms in hash tables, in two kernels:
//  1. One warp per segment. A segment of up to kWarpKeys keys is counted in the warp's slice
//     of shared memory (open addressing, linear probing, capacity a power of two >= twice
//     the length): lanes insert with atomicCAS on the key slot and atomicAdd on its count,
//     then scan the slots and agree on the winner with a shuffle butterfly. Longer segments
//     are left for kernel 2; the warp only records the largest such length.
//  2. One block per long segment (hubs of skewed graphs), with a table of capacity >= twice
//     the longest length in global memory (one table per resident block, reused across its
//     segments); the block's 32-lane winners are combined through shared memory.
// The winner rule (count, then rank, then key) is a total order, so every lane, every block
// and the host version pick the same key: results do not depend on the schedule.
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/core/types.hpp"
#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/small_copy.cuh"
#include "plexus/exec/cuda/space.cuh"
#include "plexus/exec/segment_buckets.hpp"

namespace plexus::exec {

namespace cuda_detail {

constexpr std::uint32_t kModeEmpty = 0xffffffffu;  // keys are vertex ids < invalid_vertex
constexpr int kWarpSlots = 512;                    // shared-memory table slots per warp
constexpr std::size_t kWarpKeys = kWarpSlots / 2;  // longest segment counted by one warp
constexpr unsigned kModeLongBlocks = 128;          // resident blocks of kernel 2

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

__device__ inline mode_candidate warp_best(mode_candidate c) {
  for (int offset = 16; offset > 0; offset /= 2) {
    mode_candidate o{0, 0, 0};
    o.key = __shfl_xor_sync(0xffffffffu, c.key, offset);
    o.count = __shfl_xor_sync(0xffffffffu, c.count, offset);
    o.rank = __shfl_xor_sync(0xffffffffu, c.rank, offset);
    if (mode_better(o, c)) c = o;
  }
  return c;
}

__device__ inline std::uint32_t mode_slot(std::uint32_t k, std::uint32_t mask) { return (k * 0x9e3779b1u) & mask; }

// The counts of a mode table, one per slot: 32 bits each, or two 16-bit counts per 32-bit
// word where no key can occur more than 65535 times (its lists are no longer). Packed counts
// take a third off a table's shared memory, so more blocks fit on an SM.
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

// Adds c occurrences of x to the table (linear probing); returns true to the caller that
// placed x in an empty slot. The slot is read before it is claimed, so adding to a key that
// is already there costs no compare-and-swap.
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

// The best entry among the table's slots first, first + stride, ... below `slots`, better
// than `best` (count 0: none yet): one thread's share of picking a mode, which warp_best or a
// block-wide step then combines. rank(key) breaks ties between equal counts.
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

// Winner of a block whose threads each hold a candidate; thread 0 returns it. The warps'
// winners are combined by the first warp with the same shuffle reduction.
__device__ inline mode_candidate block_best(mode_candidate best, mode_candidate* warp_winner) {
  const unsigned lane = threadIdx.x & 31, warp = threadIdx.x / 32;
  best = warp_best(best);
  if (lane == 0) warp_winner[warp] = best;
  __syncthreads();
  if (warp == 0) best = warp_best(lane < blockDim.x / 32 ? warp_winner[lane] : mode_candidate{0, 0, 0});
  return best;
}

template <class Length, class Key, class Rank, class Out>
__global__ void mode_warp_kernel(std::size_t n, Length length, Key key, Rank rank, Out out,
                                 unsigned long long* longest) {
  __shared__ std::uint32_t table_keys[cuda::block_size / 32][kWarpSlots];
  __shared__ std::uint32_t table_counts[cuda::block_size / 32][kWarpSlots];
  const unsigned lane = threadIdx.x & 31, warp = threadIdx.x / 32;
  std::uint32_t* keys = table_keys[warp];
  std::uint32_t* counts = table_counts[warp];
  const std::size_t warps = (static_cast<std::size_t>(gridDim.x) * blockDim.x) / 32;
  unsigned long long long_max = 0;
  for (std::size_t s = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32; s < n; s += warps) {
    const std::size_t d = static_cast<std::size_t>(length(s));
    if (d == 0) continue;
    if (d > kWarpKeys) {
      if (d > long_max) long_max = d;
      continue;
    }
    std::uint32_t capacity = 32;
    while (capacity < 2 * d) capacity *= 2;
    for (std::uint32_t i = lane; i < capacity; i += 32) {
      keys[i] = kModeEmpty;
      counts[i] = 0;
    }
    __syncwarp();
    for (std::size_t i = lane; i < d; i += 32) mode_add(keys, counts, capacity - 1, key(s, i), 1u);
    __syncwarp();
    mode_candidate best = table_best(keys, counts, capacity, lane, 32u, mode_candidate{0, 0, 0},
                                     [&](std::uint32_t k) { return rank(s, k); });
    best = warp_best(best);
    if (lane == 0) out(s, best.key, best.count);
    __syncwarp();  // the table is cleared for the next segment only after every lane read it
  }
  if (long_max != 0) atomicMax(longest, long_max);
}

template <class Length, class Key, class Rank, class Out>
__global__ void mode_block_kernel(std::size_t n, Length length, Key key, Rank rank, Out out, std::uint32_t* tables,
                                  std::uint32_t capacity) {
  __shared__ std::uint32_t chunk[cuda::block_size];
  __shared__ unsigned chunk_size;
  __shared__ mode_candidate warp_winner[cuda::block_size / 32];
  std::uint32_t* keys = tables + static_cast<std::size_t>(blockIdx.x) * 2 * capacity;
  std::uint32_t* counts = keys + capacity;
  // The blocks deal segments round robin: in each window of gridDim.x * block_size segments,
  // thread t of block b tests segment t * gridDim.x + b, and the long ones found are then
  // processed one after the other. Dealing one by one, not by contiguous chunks, keeps the
  // blocks even when the long segments sit together (hubs first, in degree order).
  const std::size_t window = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t base = 0; base < n; base += window) {
    if (threadIdx.x == 0) chunk_size = 0;
    __syncthreads();
    const std::size_t mine = base + static_cast<std::size_t>(threadIdx.x) * gridDim.x + blockIdx.x;
    if (mine < n && static_cast<std::size_t>(length(mine)) > kWarpKeys)
      chunk[atomicAdd(&chunk_size, 1u)] = static_cast<std::uint32_t>(threadIdx.x);
    __syncthreads();
    const unsigned found = chunk_size;
    for (unsigned j = 0; j < found; ++j) {
      const std::size_t s = base + static_cast<std::size_t>(chunk[j]) * gridDim.x + blockIdx.x;
      const std::size_t d = static_cast<std::size_t>(length(s));
      const auto used = static_cast<std::uint32_t>(mode_table_capacity(d));
      for (std::uint32_t i = threadIdx.x; i < used; i += blockDim.x) {
        keys[i] = kModeEmpty;
        counts[i] = 0;
      }
      __syncthreads();
      for (std::size_t i = threadIdx.x; i < d; i += blockDim.x) mode_add(keys, counts, used - 1, key(s, i), 1u);
      __syncthreads();
      mode_candidate best = table_best(keys, counts, used, threadIdx.x, blockDim.x, mode_candidate{0, 0, 0},
                                       [&](std::uint32_t k) { return rank(s, k); });
      best = block_best(best, warp_winner);
      if (threadIdx.x == 0) out(s, best.key, best.count);
      __syncthreads();  // the table and warp_winner are reused by the next long segment
    }
  }
}

}  // namespace cuda_detail

template <class Length, class Key, class Rank, class Out>
void segmented_mode(const cuda& space, std::size_t n, Length length, Key key, Rank rank, Out out) {
  if (n == 0) return;
  auto* longest = static_cast<unsigned long long*>(space.scratch(sizeof(unsigned long long)));
  PLEXUS_CUDA_CHECK(cudaMemsetAsync(longest, 0, sizeof(*longest), space.stream()));
  constexpr int warps_per_block = cuda::block_size / 32;
  cuda_detail::mode_warp_kernel<<<cuda::grid_for(n, warps_per_block), cuda::block_size, 0, space.stream()>>>(
      n, length, key, rank, out, longest);
  PLEXUS_CUDA_CHECK(cudaGetLastError());
  unsigned long long max_length = 0;
  cuda_detail::read_back(&max_length, longest, sizeof(max_length));
  if (max_length == 0) return;
  const std::size_t capacity = mode_table_capacity(max_length);
  const unsigned blocks = cuda::grid_for(n) < cuda_detail::kModeLongBlocks ? cuda::grid_for(n)
                                                                           : cuda_detail::kModeLongBlocks;
  auto* tables = static_cast<std::uint32_t*>(space.scratch(std::size_t(blocks) * 2 * capacity * sizeof(std::uint32_t)));
  cuda_detail::mode_block_kernel<<<blocks, cuda::block_size, 0, space.stream()>>>(
      n, length, key, rank, out, tables, static_cast<std::uint32_t>(capacity));
  PLEXUS_CUDA_CHECK(cudaGetLastError());
}

}  // namespace plexus::exec
