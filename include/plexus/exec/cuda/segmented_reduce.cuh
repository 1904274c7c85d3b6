// segmented_reduce(cuda, n, offsets, value, init, op, out): see exec/segmented.hpp.
//
// One warp per segment ("vector CSR" SpMV, Bell and Garland, "Implementing sparse
// matrix-vector multiplication on throughput-oriented processors", SC 2009): the 32 lanes
// read consecutive values, so the reads of offsets/indices are coalesced, then combine their
// partial results with a butterfly of shuffles. T must be a type __shfl_xor_sync accepts
// (integers, float, double).
#pragma once

#include <cstddef>

#include "plexus/core/types.hpp"
#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/space.cuh"

namespace plexus::exec {

namespace cuda_detail {

template <class T, class Value, class Op, class Out>
__global__ void segmented_reduce_kernel(std::size_t n, const edge_t* offsets, Value value, T init, Op op, Out out) {
  const unsigned lane = threadIdx.x & 31;
  const std::size_t warps = (static_cast<std::size_t>(gridDim.x) * blockDim.x) / 32;
  for (std::size_t s = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32; s < n; s += warps) {
    const edge_t begin = offsets[s], end = offsets[s + 1];
    T sum = init;
    for (edge_t e = begin + lane; e < end; e += 32) sum = op(sum, value(e));
    for (int offset = 16; offset > 0; offset /= 2) sum = op(sum, __shfl_xor_sync(0xffffffffu, sum, offset));
    if (lane == 0) out(s, sum);
  }
}

}  // namespace cuda_detail

template <class T, class Value, class Op, class Out>
void segmented_reduce(const cuda& space, std::size_t n, const edge_t* offsets, Value value, T init, Op op, Out out) {
  if (n == 0) return;
  constexpr int warps_per_block = cuda::block_size / 32;
  cuda_detail::segmented_reduce_kernel<<<cuda::grid_for(n, warps_per_block), cuda::block_size, 0, space.stream()>>>(
      n, offsets, value, init, op, out);
  PLEXUS_CUDA_CHECK(cudaGetLastError());
}

}  // namespace plexus::exec
