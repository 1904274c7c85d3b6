// segmented_reduce(cuda, ...): see exec/segmented.hpp.
//
// Short segments: a lane each ("scalar CSR"); medium ones: a warp each ("vector CSR" SpMV,
// Bell and Garland, "Implementing sparse matrix-vector multiplication on throughput-oriented
// processors", SC 2009), its lanes reading consecutive values four strides at a time so that
// each has four independent loads in flight, then combining with a butterfly of shuffles.
// One warp-per-segment kernel left the GPU latency-bound on power-law graphs, whose many
// short lists each cost a warp a chain of dependent loads.
//
// With a segment_plan (see cuda/segment_plan.cuh), each medium segment gets a group of lanes
// of its own (eight lanes, or a warp when longer) and each chunk of a long segment a block; the last block of
// a long segment to finish combines the chunks' partials in chunk order, so results do not depend on
// scheduling. T must be a type __shfl_xor_sync accepts (integers, float, double).
#pragma once

#include <cstddef>

#include "plexus/core/types.hpp"
#include "plexus/exec/cache_split.hpp"
#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/segment_plan.cuh"
#include "plexus/exec/cuda/space.cuh"

namespace plexus::exec {

namespace cuda_detail {

// The predicate of the unfiltered forms: every segment is reduced.
struct keep_every_segment {
  __device__ bool operator()(std::size_t) const { return true; }
};

// Combines the values of `lanes` consecutive lanes (a power of two up to 32, aligned); every
// lane of the group gets the result.
template <int lanes = 32, class T, class Op>
__device__ T warp_combine(T sum, Op op) {
  for (int offset = lanes / 2; offset > 0; offset /= 2)
    sum = op(sum, __shfl_xor_sync(0xffffffffu, sum, offset));
  return sum;
}

// Folds value(e) for e in [begin, end) into sum, four independent loads at a time, stepping
// by `stride` (1 for one lane alone, 32 for a warp's lane).
template <class T, class Value, class Op>
__device__ T fold_range(T sum, edge_t e, edge_t end, edge_t stride, Value& value, Op& op) {
  for (; e + 3 * stride < end; e += 4 * stride) {
    const T a = value(e), b = value(e + stride), c = value(e + 2 * stride), d = value(e + 3 * stride);
    sum = op(sum, op(op(a, b), op(c, d)));
  }
  for (; e < end; e += stride) sum = op(sum, value(e));
  return sum;
}

// Each warp takes 32 consecutive segments (their offsets load coalesced). A segment of at most
// lane_segment values is folded by its own lane, so short lists (most of a power-law graph's)
// run 32 at a time instead of one per warp; the longer ones, up to skip_longer, are then folded
// by the whole warp one after another. Longer still: left to the plan's kernels.

template <class T, class Keep, class Value, class Op, class Out>
__device__ void short_segments_block(std::size_t block, std::size_t blocks, std::size_t n,
                                     const edge_t* offsets, edge_t skip_longer, Keep& keep, Value& value,
                                     T init, Op& op, Out& out) {
  const unsigned lane = threadIdx.x & 31;
  const std::size_t stride = blocks * blockDim.x;
  for (std::size_t base = block * blockDim.x + (threadIdx.x & ~31u); base < n; base += stride) {
    const std::size_t s = base + lane;
    const bool on = s < n && keep(s);
    edge_t begin = 0, end = 0;
    if (on) {
      begin = offsets[s];
      end = offsets[s + 1];
    }
    const edge_t length = end - begin;
    T result = on && length <= lane_segment ? fold_range(init, begin, end, edge_t(1), value, op) : init;
    unsigned pending = __ballot_sync(0xffffffffu, on && length > lane_segment && length <= skip_longer);
    while (pending) {
      const int owner = __ffs(pending) - 1;
      pending &= pending - 1;
      const edge_t first = __shfl_sync(0xffffffffu, begin, owner);
      const edge_t last = __shfl_sync(0xffffffffu, end, owner);
      const T sum = warp_combine(fold_range(init, first + lane, last, edge_t(32), value, op), op);
      if (lane == static_cast<unsigned>(owner)) result = sum;
    }
    // One call for the whole warp: its stores coalesce and its appends to a shared queue
    // aggregate into one atomic, where one call per lane in the loop above issued 32.
    if (on && length <= skip_longer) out(s, result);
  }
}

template <class T, class Keep, class Value, class Op, class Out>
__global__ void segmented_reduce_kernel(std::size_t n, const edge_t* offsets, edge_t skip_longer, Keep keep,
                                        Value value, T init, Op op, Out out) {
  short_segments_block(blockIdx.x, gridDim.x, n, offsets, skip_longer, keep, value, init, op, out);
}

// One group of `lanes` lanes per listed medium segment. Every lane stays in the loop until
// its whole warp is done (a group past the list folds nothing), so the shuffles always see
// all 32 lanes.
template <int lanes, class T, class Keep, class Value, class Op, class Out>
__device__ void medium_segments_block(std::size_t block, std::size_t blocks, std::size_t count,
                                      const std::uint32_t* medium, const edge_t* offsets, Keep& keep,
                                      Value& value, T init, Op& op, Out& out) {
  const unsigned member = threadIdx.x % lanes;
  const std::size_t groups = blocks * (blockDim.x / lanes);
  const std::size_t first_group = (block * blockDim.x + threadIdx.x) / lanes;
  const std::size_t warp_first = first_group - (threadIdx.x % 32) / lanes;
  for (std::size_t g = first_group, base = warp_first; base < count; g += groups, base += groups) {
    const std::uint32_t s = g < count ? medium[g] : 0u;
    const bool on = g < count && keep(s);
    T sum = on ? fold_range(init, offsets[s] + member, offsets[s + 1], edge_t(lanes), value, op) : init;
    sum = warp_combine<lanes>(sum, op);
    if (on && member == 0) out(s, sum);
  }
}

template <class T, class Keep, class Value, class Op, class Out>
__device__ void chunk_block(std::uint32_t chunk, const edge_t* offsets, const std::uint32_t* chunk_segment,
                            const std::uint32_t* chunk_rank, std::uint32_t* arrivals, T* partial, Keep& keep,
                            Value& value, T init, Op& op, Out& out) {
  __shared__ T warp_sums[cuda::block_size / 32];
  const std::uint32_t s = chunk_segment[chunk], rank = chunk_rank[chunk];
  // Every chunk of a segment tests keep(s) before any of them calls out(s), so all skip it or
  // none does, and a skipped segment's arrival count stays at zero.
  if (!keep(s)) return;
  const edge_t segment_begin = offsets[s], segment_end = offsets[s + 1];
  const edge_t begin = segment_begin + static_cast<edge_t>(rank) * chunk_length;
  const edge_t end = begin + chunk_length < segment_end ? begin + chunk_length : segment_end;
  T sum = warp_combine(fold_range(init, begin + threadIdx.x, end, edge_t(cuda::block_size), value, op), op);
  if ((threadIdx.x & 31) == 0) warp_sums[threadIdx.x / 32] = sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < cuda::block_size / 32; ++w) sum = op(sum, warp_sums[w]);
    partial[chunk] = sum;
    __threadfence();  // the partial is visible before the arrival is counted
    const std::uint32_t first = chunk - rank;
    const std::uint32_t count = chunks_of(segment_end - segment_begin);
    if (atomicAdd(&arrivals[first], 1u) == count - 1) {
      __threadfence();
      const volatile T* partials = partial + first;
      T total = init;
      for (std::uint32_t k = 0; k < count; ++k) {
        const T part = partials[k];
        total = op(total, part);
      }
      arrivals[first] = 0;
      out(s, total);
    }
  }
}

// One launch for a whole plan: its first blocks take the hub chunks, the next the wide and
// the narrow medium lists, the rest the short ones. Blocks start roughly in index order, so
// the longest work starts first and the short lists fill the SMs its tail frees; four kernels
// in a row each drained the GPU before the next began, and the same four on side streams,
// all released at once, interleaved their blocks and started the hub chunks late.
struct plan_blocks {
  std::uint32_t chunks = 0, wide_end = 0, narrow_end = 0;
};

template <class T, class Keep, class Value, class Op, class Out>
__global__ void segmented_reduce_plan_kernel(plan_blocks blocks, std::size_t n, const edge_t* offsets,
                                             const std::uint32_t* chunk_segment,
                                             const std::uint32_t* chunk_rank, std::uint32_t* arrivals,
                                             T* partial, std::size_t wide, const std::uint32_t* wide_segment,
                                             std::size_t narrow, const std::uint32_t* narrow_segment,
                                             Keep keep, Value value, T init, Op op, Out out) {
  const std::uint32_t block = blockIdx.x;
  if (block < blocks.chunks) {
    chunk_block(block, offsets, chunk_segment, chunk_rank, arrivals, partial, keep, value, init, op, out);
  } else if (block < blocks.wide_end) {
    medium_segments_block<32>(block - blocks.chunks, blocks.wide_end - blocks.chunks, wide, wide_segment,
                              offsets, keep, value, init, op, out);
  } else if (block < blocks.narrow_end) {
    medium_segments_block<8>(block - blocks.wide_end, blocks.narrow_end - blocks.wide_end, narrow,
                             narrow_segment, offsets, keep, value, init, op, out);
  } else {
    short_segments_block(block - blocks.narrow_end, gridDim.x - blocks.narrow_end, n, offsets, lane_segment,
                         keep, value, init, op, out);
  }
}

}  // namespace cuda_detail

template <class T, class Value, class Op, class Out>
void segmented_reduce(const cuda& space, std::size_t n, const edge_t* offsets, Value value, T init, Op op,
                      Out out) {
  if (n == 0) return;
  cuda_detail::segmented_reduce_kernel<<<cuda::grid_for(n), cuda::block_size, 0, space.stream()>>>(
      n, offsets, ~edge_t(0), cuda_detail::keep_every_segment{}, value, init, op, out);
  PLEXUS_CUDA_CHECK(cudaGetLastError());
}

template <class T, class Keep, class Value, class Op, class Out>
void segmented_reduce_if(const cuda& space, const segment_plan<cuda>& plan, Keep keep, Value value, T init,
                         Op op, Out out, cache_split split = cache_split::automatic) {
  if (plan.size() == 0) return;
  T* partial = plan.chunks() > 0 ? static_cast<T*>(space.scratch(plan.chunks() * sizeof(T))) : nullptr;
  cuda_detail::plan_blocks blocks;
  blocks.chunks = static_cast<std::uint32_t>(plan.chunks());
  blocks.wide_end = blocks.chunks + (plan.wide() ? cuda::grid_for(plan.wide() * 32) : 0u);
  blocks.narrow_end = blocks.wide_end + (plan.narrow() ? cuda::grid_for(plan.narrow() * 8) : 0u);
  const unsigned grid = blocks.narrow_end + cuda::grid_for(plan.size());
  if (split == cache_split::prefer_l1) {
    // Once per instantiation: the attribute stays with the kernel.
    static const bool set = [] {
      PLEXUS_CUDA_CHECK(cudaFuncSetAttribute(cuda_detail::segmented_reduce_plan_kernel<T, Keep, Value, Op, Out>,
                                             cudaFuncAttributePreferredSharedMemoryCarveout,
                                             cudaSharedmemCarveoutMaxL1));
      return true;
    }();
    (void)set;
  }
  cuda_detail::segmented_reduce_plan_kernel<<<grid, cuda::block_size, 0, space.stream()>>>(
      blocks, plan.size(), plan.offsets(), plan.chunk_segment(), plan.chunk_rank(), plan.arrivals(), partial,
      plan.wide(), plan.wide_segment(), plan.narrow(), plan.narrow_segment(), keep, value, init, op, out);
  PLEXUS_CUDA_CHECK(cudaGetLastError());
}

template <class T, class Value, class Op, class Out>
void segmented_reduce(const cuda& space, const segment_plan<cuda>& plan, Value value, T init, Op op, Out out,
                      cache_split split = cache_split::automatic) {
  segmented_reduce_if(space, plan, cuda_detail::keep_every_segment{}, value, init, op, out, split);
}

}  // namespace plexus::exec
