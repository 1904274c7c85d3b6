// bucketed_mode(cuda, workspace, buckets, length, key, out): see exec/bucketed_mode.hpp.
//
// The GPU mapping of De Caro et al., "Evaluating Portable Programming Models for Hypergraph
// Label Propagation on GPUs": one kernel per degree bucket, the three launched on their own
// non-blocking streams so short-list and long-list work overlap, joined back into the space's
// stream with events (work queued on the space's stream before and after stays ordered).
//   small  (length <= kSmallSegmentMax)   one thread per segment: the votes are copied to a
//          private array and counted by a quadratic scan (no atomics, no shared memory);
//   medium (length <= kMediumSegmentMax)  one warp per segment, counting in the warp's
//          512-slot slice of shared memory (segmented_mode.cuh's table and warp reduction);
//   large  one block per segment, counting in a kBlockSlots-slot shared-memory table. A
//          segment with more distinct keys than kBlockDistinct (the table's 3/4 load) sets an
//          overflow flag; the block then discards the shared table and recounts the segment in
//          a global-memory table of capacity >= 2 * length reserved for that block, so large
//          label counts are slower but never wrong.
// Winners: highest count, then smallest key: a total order, so every schedule gives the host
// version's answer.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "plexus/exec/cuda/buffer.cuh"
#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/segmented_mode.cuh"
#include "plexus/exec/cuda/space.cuh"
#include "plexus/exec/segment_buckets.hpp"

namespace plexus::exec {

namespace cuda_detail {

constexpr std::uint32_t kBlockSlots = 4096;                    // shared table of a large segment
constexpr std::uint32_t kBlockDistinct = kBlockSlots / 4 * 3;  // more distinct keys: overflow
constexpr unsigned kLargeBlocks = 792;                         // resident blocks of the large kernel (6 per H100 SM)

static_assert(kNoVote == kModeEmpty, "a no-vote key is never inserted into a mode table");
static_assert(kMediumSegmentMax <= kWarpKeys, "medium segments fit a warp's table");
static_assert(kBlockDistinct + cuda::block_size <= kBlockSlots, "late inserters still find a free slot");

// Inserts x with the lanes of the warp that hold the same key combined first: once labels
// converge most pins of a list carry one label, and one atomicAdd per warp instead of one per
// lane removes the contention on that slot. Returns true to the lane that placed a new key.
__device__ inline bool mode_insert_aggregated(std::uint32_t* keys, std::uint32_t* counts, std::uint32_t mask,
                                              std::uint32_t x) {
  const unsigned active = __activemask();
  const unsigned peers = __match_any_sync(active, x);
  if (static_cast<int>(threadIdx.x & 31) != __ffs(peers) - 1) return false;
  std::uint32_t slot = mode_slot(x, mask);
  for (;;) {
    const std::uint32_t prev = atomicCAS(&keys[slot], kModeEmpty, x);
    if (prev == kModeEmpty || prev == x) {
      atomicAdd(&counts[slot], static_cast<std::uint32_t>(__popc(peers)));
      return prev == kModeEmpty;
    }
    slot = (slot + 1) & mask;
  }
}

template <class Length, class Key, class Out>
__global__ void bucket_thread_kernel(const std::uint32_t* ids, std::size_t count, Length length, Key key, Out out) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t j = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; j < count; j += stride) {
    const std::size_t s = ids[j];
    const std::size_t d = static_cast<std::size_t>(length(s));
    std::uint32_t keys[kSmallSegmentMax];
    unsigned k = 0;
    for (std::size_t i = 0; i < d; ++i) {
      const std::uint32_t x = key(s, i);
      if (x != kNoVote) keys[k++] = x;
    }
    std::uint32_t best = kNoVote, best_count = 0;
    for (unsigned a = 0; a < k; ++a) {
      bool seen_before = false;
      for (unsigned b = 0; b < a; ++b) seen_before |= keys[b] == keys[a];
      if (seen_before) continue;
      std::uint32_t c = 1;
      for (unsigned b = a + 1; b < k; ++b) c += keys[b] == keys[a];
      if (c > best_count || (c == best_count && keys[a] < best)) {
        best = keys[a];
        best_count = c;
      }
    }
    out(s, best, best_count);
  }
}

template <class Length, class Key, class Out>
__global__ void bucket_warp_kernel(const std::uint32_t* ids, std::size_t count, Length length, Key key, Out out) {
  __shared__ std::uint32_t table_keys[cuda::block_size / 32][kWarpSlots];
  __shared__ std::uint32_t table_counts[cuda::block_size / 32][kWarpSlots];
  const unsigned lane = threadIdx.x & 31, warp = threadIdx.x / 32;
  std::uint32_t* keys = table_keys[warp];
  std::uint32_t* counts = table_counts[warp];
  const std::size_t warps = (static_cast<std::size_t>(gridDim.x) * blockDim.x) / 32;
  for (std::size_t j = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32; j < count; j += warps) {
    const std::size_t s = ids[j];
    const std::size_t d = static_cast<std::size_t>(length(s));
    std::uint32_t capacity = 32;
    while (capacity < 2 * d) capacity *= 2;
    for (std::uint32_t i = lane; i < capacity; i += 32) {
      keys[i] = kModeEmpty;
      counts[i] = 0;
    }
    __syncwarp();
    for (std::size_t i = lane; i < d; i += 32) {
      const std::uint32_t x = key(s, i);
      if (x != kNoVote) mode_insert_aggregated(keys, counts, capacity - 1, x);
    }
    __syncwarp();
    mode_candidate best{kNoVote, 0, 0};
    for (std::uint32_t i = lane; i < capacity; i += 32) {
      if (counts[i] == 0) continue;
      const mode_candidate c{keys[i], counts[i], 0};
      if (best.count == 0 || mode_better(c, best)) best = c;
    }
    best = warp_best(best);
    if (lane == 0) out(s, best.count ? best.key : kNoVote, best.count);
    __syncwarp();  // every lane has read the table before it is cleared for the next segment
  }
}

// Winner of a block whose threads each hold a candidate; thread 0 returns it.
__device__ inline mode_candidate block_best(mode_candidate best, mode_candidate* warp_winner) {
  const unsigned lane = threadIdx.x & 31, warp = threadIdx.x / 32;
  best = warp_best(best);
  if (lane == 0) warp_winner[warp] = best;
  __syncthreads();
  if (threadIdx.x == 0)
    for (unsigned w = 1; w < blockDim.x / 32; ++w)
      if (warp_winner[w].count != 0 && (best.count == 0 || mode_better(warp_winner[w], best))) best = warp_winner[w];
  return best;
}

template <class Length, class Key, class Out>
__global__ void bucket_block_kernel(const std::uint32_t* ids, std::size_t count, Length length, Key key, Out out,
                                    std::uint32_t* global_tables, std::uint32_t global_capacity) {
  __shared__ std::uint32_t keys[kBlockSlots];
  __shared__ std::uint32_t counts[kBlockSlots];
  __shared__ unsigned distinct;
  __shared__ int overflow;
  __shared__ mode_candidate warp_winner[cuda::block_size / 32];
  for (std::size_t j = blockIdx.x; j < count; j += gridDim.x) {
    const std::size_t s = ids[j];
    const std::size_t d = static_cast<std::size_t>(length(s));
    // A table of twice the length (at most kBlockSlots) cannot overflow; only lists longer
    // than kBlockSlots / 2 use the whole table and may.
    std::uint32_t slots = 512;
    while (slots < 2 * d && slots < kBlockSlots) slots *= 2;
    for (std::uint32_t i = threadIdx.x; i < slots; i += blockDim.x) {
      keys[i] = kModeEmpty;
      counts[i] = 0;
    }
    if (threadIdx.x == 0) {
      distinct = 0;
      overflow = 0;
    }
    __syncthreads();
    for (std::size_t i = threadIdx.x; i < d; i += blockDim.x) {
      // Invariant: at most kBlockDistinct + blockDim.x - 1 keys are ever placed (each thread
      // inserts at most one key after the flag is raised), so probing always finds a slot.
      if (*static_cast<volatile int*>(&overflow)) break;
      const std::uint32_t x = key(s, i);
      if (x == kNoVote) continue;
      if (mode_insert_aggregated(keys, counts, slots - 1, x) && atomicAdd(&distinct, 1u) + 1 > kBlockDistinct)
        overflow = 1;
    }
    __syncthreads();
    mode_candidate best{kNoVote, 0, 0};
    if (!overflow) {
      for (std::uint32_t i = threadIdx.x; i < slots; i += blockDim.x) {
        if (counts[i] == 0) continue;
        const mode_candidate c{keys[i], counts[i], 0};
        if (best.count == 0 || mode_better(c, best)) best = c;
      }
    } else {
      // Fallback: recount the whole segment in this block's global-memory table.
      std::uint32_t used = 64;
      while (used < 2 * d) used *= 2;
      std::uint32_t* gkeys = global_tables + static_cast<std::size_t>(blockIdx.x) * 2 * global_capacity;
      std::uint32_t* gcounts = gkeys + global_capacity;
      for (std::uint32_t i = threadIdx.x; i < used; i += blockDim.x) {
        gkeys[i] = kModeEmpty;
        gcounts[i] = 0;
      }
      __syncthreads();
      for (std::size_t i = threadIdx.x; i < d; i += blockDim.x) {
        const std::uint32_t x = key(s, i);
        if (x != kNoVote) mode_insert_aggregated(gkeys, gcounts, used - 1, x);
      }
      __syncthreads();
      for (std::uint32_t i = threadIdx.x; i < used; i += blockDim.x) {
        if (gcounts[i] == 0) continue;
        const mode_candidate c{gkeys[i], gcounts[i], 0};
        if (best.count == 0 || mode_better(c, best)) best = c;
      }
    }
    best = block_best(best, warp_winner);
    if (threadIdx.x == 0) out(s, best.count ? best.key : kNoVote, best.count);
    __syncthreads();  // tables, flags and warp_winner are reused by the next segment
  }
}

}  // namespace cuda_detail

template <>
class mode_workspace<cuda> {
 public:
  /// `max_length`: the longest segment any later call will see (sizes the fallback tables).
  mode_workspace(const cuda&, std::size_t max_length) {
    for (int b = 0; b < kSegmentBuckets; ++b) {
      PLEXUS_CUDA_CHECK(cudaStreamCreateWithFlags(&streams_[b], cudaStreamNonBlocking));
      PLEXUS_CUDA_CHECK(cudaEventCreateWithFlags(&joins_[b], cudaEventDisableTiming));
    }
    PLEXUS_CUDA_CHECK(cudaEventCreateWithFlags(&fork_, cudaEventDisableTiming));
    if (max_length > cuda_detail::kBlockDistinct) {
      std::size_t capacity = 64;
      while (capacity < 2 * max_length) capacity *= 2;
      capacity_ = static_cast<std::uint32_t>(capacity);
      tables_.resize(std::size_t(cuda_detail::kLargeBlocks) * 2 * capacity);
    }
  }
  mode_workspace(const mode_workspace&) = delete;
  mode_workspace& operator=(const mode_workspace&) = delete;
  ~mode_workspace() {
    for (int b = 0; b < kSegmentBuckets; ++b) {
      cudaStreamDestroy(streams_[b]);
      cudaEventDestroy(joins_[b]);
    }
    cudaEventDestroy(fork_);
  }

  cudaStream_t stream(int b) const { return streams_[b]; }
  cudaEvent_t fork() const { return fork_; }
  cudaEvent_t join(int b) const { return joins_[b]; }
  std::uint32_t* tables() { return tables_.data(); }
  std::uint32_t capacity() const { return capacity_; }

 private:
  cudaStream_t streams_[kSegmentBuckets]{};
  cudaEvent_t joins_[kSegmentBuckets]{};
  cudaEvent_t fork_{};
  buffer<cuda, std::uint32_t> tables_;
  std::uint32_t capacity_ = 0;
};

template <class Length, class Key, class Out>
void bucketed_mode(const cuda& space, mode_workspace<cuda>& work, const segment_buckets& buckets, Length length,
                   Key key, Out out) {
  if (buckets.total() == 0) return;
  if (buckets.count[2] != 0 && buckets.max_length > cuda_detail::kBlockDistinct &&
      2 * buckets.max_length > work.capacity())
    throw error(error_kind::invalid_argument, "bucketed_mode: workspace sized for shorter segments than given");
  PLEXUS_CUDA_CHECK(cudaEventRecord(work.fork(), space.stream()));
  for (int b = 0; b < kSegmentBuckets; ++b) {
    const std::size_t count = buckets.count[b];
    const cudaStream_t stream = work.stream(b);
    PLEXUS_CUDA_CHECK(cudaStreamWaitEvent(stream, work.fork(), 0));
    if (count != 0) {
      if (b == 0) {
        cuda_detail::bucket_thread_kernel<<<cuda::grid_for(count), cuda::block_size, 0, stream>>>(
            buckets.ids[0], count, length, key, out);
      } else if (b == 1) {
        cuda_detail::bucket_warp_kernel<<<cuda::grid_for(count, cuda::block_size / 32), cuda::block_size, 0,
                                          stream>>>(buckets.ids[1], count, length, key, out);
      } else {
        const unsigned blocks = count < cuda_detail::kLargeBlocks ? static_cast<unsigned>(count)
                                                                  : cuda_detail::kLargeBlocks;
        cuda_detail::bucket_block_kernel<<<blocks, cuda::block_size, 0, stream>>>(
            buckets.ids[2], count, length, key, out, work.tables(), work.capacity());
      }
      PLEXUS_CUDA_CHECK(cudaGetLastError());
    }
    PLEXUS_CUDA_CHECK(cudaEventRecord(work.join(b), stream));
    PLEXUS_CUDA_CHECK(cudaStreamWaitEvent(space.stream(), work.join(b), 0));
  }
}

}  // namespace plexus::exec
