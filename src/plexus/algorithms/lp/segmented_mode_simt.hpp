// segmented_mode(space, n, length, key, rank, out) on a SIMT back end: see segmented_mode.hpp.
//
// Sort-free histograms in hash tables (operators/simt/mode_tables.hpp), in two kernels:
//  1. One subgroup per segment. A segment of up to kSubgroupKeys keys is counted in the
//     subgroup's slice of shared memory (capacity a power of two >= twice the length): lanes
//     insert with a compare-and-swap on the key slot and an add on its count, then scan the
//     slots and agree on the winner with a shuffle butterfly. Longer segments are left for
//     kernel 2; the subgroup only records the largest such length.
//  2. One block per long segment (hubs of skewed graphs), with a table of capacity >= twice
//     the longest length in global memory (one table per resident block, reused across its
//     segments); the block's subgroup winners are combined through shared memory.
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/small_copy.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/operators/mode_vote.hpp"
#include "plexus/operators/simt/mode_tables.hpp"

namespace plexus::detail {

namespace lp_simt {

using namespace plexus::operators::simt;

constexpr int kSubgroupSlots = 512;                        // shared-memory table slots per subgroup
constexpr std::size_t kSubgroupKeys = kSubgroupSlots / 2;  // longest segment counted by one subgroup
constexpr unsigned kLongBlocks = 128;                      // resident blocks of kernel 2

template <class Space, class Length, class Key, class Rank, class Out>
__global__ void subgroup_kernel(std::size_t n, Length length, Key key, Rank rank, Out out,
                                unsigned long long* longest) {
  using sg = backends::subgroup<Space>;
  constexpr unsigned subgroups = Space::block_size / sg::width;
  __shared__ std::uint32_t table_keys[subgroups][kSubgroupSlots];
  __shared__ std::uint32_t table_counts[subgroups][kSubgroupSlots];
  const unsigned lane = sg::lane(), index = threadIdx.x / sg::width;
  std::uint32_t* keys = table_keys[index];
  std::uint32_t* counts = table_counts[index];
  const std::size_t stride = (static_cast<std::size_t>(gridDim.x) * blockDim.x) / sg::width;
  unsigned long long long_max = 0;
  for (std::size_t s = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / sg::width; s < n;
       s += stride) {
    const std::size_t d = static_cast<std::size_t>(length(s));
    if (d == 0) continue;
    if (d > kSubgroupKeys) {
      if (d > long_max) long_max = d;
      continue;
    }
    std::uint32_t capacity = 32;
    while (capacity < 2 * d) capacity *= 2;
    for (std::uint32_t i = lane; i < capacity; i += sg::width) {
      keys[i] = kModeEmpty;
      counts[i] = 0;
    }
    sg::sync();
    for (std::size_t i = lane; i < d; i += sg::width) mode_add(keys, counts, capacity - 1, key(s, i), 1u);
    sg::sync();
    mode_candidate best = table_best(keys, counts, capacity, lane, sg::width, mode_candidate{0, 0, 0},
                                     [&](std::uint32_t k) { return rank(s, k); });
    best = subgroup_best<Space>(best);
    if (lane == 0) out(s, best.key, best.count);
    sg::sync();  // the table is cleared for the next segment only after every lane read it
  }
  if (long_max != 0) atomicMax(longest, long_max);
}

template <class Space, class Length, class Key, class Rank, class Out>
__global__ void block_kernel(std::size_t n, Length length, Key key, Rank rank, Out out, std::uint32_t* tables,
                             std::uint32_t capacity) {
  using sg = backends::subgroup<Space>;
  __shared__ std::uint32_t chunk[Space::block_size];
  __shared__ unsigned chunk_size;
  __shared__ mode_candidate subgroup_winner[Space::block_size / sg::width];
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
    if (mine < n && static_cast<std::size_t>(length(mine)) > kSubgroupKeys)
      chunk[atomicAdd(&chunk_size, 1u)] = static_cast<std::uint32_t>(threadIdx.x);
    __syncthreads();
    const unsigned found = chunk_size;
    for (unsigned j = 0; j < found; ++j) {
      const std::size_t s = base + static_cast<std::size_t>(chunk[j]) * gridDim.x + blockIdx.x;
      const std::size_t d = static_cast<std::size_t>(length(s));
      const auto used = static_cast<std::uint32_t>(operators::mode_table_capacity(d));
      for (std::uint32_t i = threadIdx.x; i < used; i += blockDim.x) {
        keys[i] = kModeEmpty;
        counts[i] = 0;
      }
      __syncthreads();
      for (std::size_t i = threadIdx.x; i < d; i += blockDim.x) mode_add(keys, counts, used - 1, key(s, i), 1u);
      __syncthreads();
      mode_candidate best = table_best(keys, counts, used, threadIdx.x, blockDim.x, mode_candidate{0, 0, 0},
                                       [&](std::uint32_t k) { return rank(s, k); });
      best = block_best<Space>(best, subgroup_winner);
      if (threadIdx.x == 0) out(s, best.key, best.count);
      __syncthreads();  // the table and subgroup_winner are reused by the next long segment
    }
  }
}

}  // namespace lp_simt

template <exec::simt_space Space, class Length, class Key, class Rank, class Out>
void segmented_mode(const Space& space, std::size_t n, Length length, Key key, Rank rank, Out out) {
  using runtime = backends::gpu_runtime<Space>;
  using sg = backends::subgroup<Space>;
  if (n == 0) return;
  auto* longest = static_cast<unsigned long long*>(space.scratch(sizeof(unsigned long long)));
  runtime::zero_async(longest, sizeof(*longest), space.stream());
  constexpr int subgroups_per_block = Space::block_size / sg::width;
  lp_simt::subgroup_kernel<Space><<<Space::grid_for(n, subgroups_per_block), Space::block_size, 0, space.stream()>>>(
      n, length, key, rank, out, longest);
  runtime::check_launch();
  unsigned long long max_length = 0;
  backends::read_back<Space>(&max_length, longest, sizeof(max_length));
  if (max_length == 0) return;
  const std::size_t capacity = operators::mode_table_capacity(max_length);
  const unsigned blocks = Space::grid_for(n) < lp_simt::kLongBlocks ? Space::grid_for(n) : lp_simt::kLongBlocks;
  auto* tables = static_cast<std::uint32_t*>(space.scratch(std::size_t(blocks) * 2 * capacity * sizeof(std::uint32_t)));
  lp_simt::block_kernel<Space><<<blocks, Space::block_size, 0, space.stream()>>>(
      n, length, key, rank, out, tables, static_cast<std::uint32_t>(capacity));
  runtime::check_launch();
}

}  // namespace plexus::detail
