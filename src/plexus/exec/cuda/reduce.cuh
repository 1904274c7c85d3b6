// reduce(cuda, n, init, f, op): init op f(0) op ... op f(n-1) with cub::DeviceReduce::
// TransformReduce over a counting iterator; returns the value to the host (synchronises).
//
// sum_counted(cuda, count, capacity, f, out): *out += f(0) + ... + f(k-1) with k = min(*count,
// capacity), where count and out are device memory: the length of the range is read by the
// kernel, so a loop can total a frontier whose size it has not read yet and fetch both figures
// in one transfer. A fixed grid folds grid-stride ranges per thread, then one atomic per warp.
#pragma once

#include <thrust/iterator/counting_iterator.h>

#include <algorithm>
#include <cstddef>
#include <cub/device/device_reduce.cuh>

#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/small_copy.cuh"
#include "plexus/exec/cuda/space.cuh"

namespace plexus::exec {

namespace cuda_detail {

// Queues the reduction into `result` (device memory), its temporary storage placed at
// scratch_offset bytes into the space's scratch.
template <class T, class F, class Op>
void transform_reduce(const cuda& space, std::size_t n, T init, F f, Op op, T* result,
                      std::size_t scratch_offset) {
  const thrust::counting_iterator<std::size_t> first(0);
  std::size_t temp_bytes = 0;
  PLEXUS_CUDA_CHECK(cub::DeviceReduce::TransformReduce(nullptr, temp_bytes, first, static_cast<T*>(nullptr),
                                                       n, op, f, init, space.stream()));
  char* scratch = static_cast<char*>(space.scratch(scratch_offset + temp_bytes));
  if (result == nullptr) result = reinterpret_cast<T*>(scratch);
  PLEXUS_CUDA_CHECK(cub::DeviceReduce::TransformReduce(scratch + scratch_offset, temp_bytes, first, result, n,
                                                       op, f, init, space.stream()));
}

}  // namespace cuda_detail

template <class T, class F, class Op>
T reduce(const cuda& space, std::size_t n, T init, F f, Op op) {
  if (n == 0) return init;
  // The result sits at the start of the scratch, CUB's storage after it, aligned.
  constexpr std::size_t result_slot = 256;
  cuda_detail::transform_reduce(space, n, init, f, op, static_cast<T*>(nullptr), result_slot);
  T value;
  cuda_detail::read_back(&value, space.scratch(result_slot), sizeof(value));
  return value;
}

template <class T, class F, class Op>
void reduce_into(const cuda& space, std::size_t n, T init, F f, Op op, T* out) {
  if (n == 0) {
    PLEXUS_CUDA_CHECK(cudaMemcpyAsync(out, &init, sizeof(T), cudaMemcpyHostToDevice, space.stream()));
    return;
  }
  cuda_detail::transform_reduce(space, n, init, f, op, out, 0);
}

namespace cuda_detail {

template <class F>
__global__ void sum_counted_kernel(const unsigned long long* count, std::size_t capacity, F f,
                                   unsigned long long* out) {
  const std::size_t n = *count < capacity ? static_cast<std::size_t>(*count) : capacity;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  unsigned long long sum = 0;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    sum += f(i);
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, offset);
  if ((threadIdx.x & 31) == 0 && sum != 0) atomicAdd(out, sum);
}

// Enough blocks to fill an H100 twice over; a short range leaves most of them idle for the
// cost of one read of the count each.
inline constexpr unsigned int sum_counted_blocks = 264;

}  // namespace cuda_detail

template <class F>
void sum_counted(const cuda& space, const unsigned long long* count, std::size_t capacity, F f,
                 unsigned long long* out) {
  if (capacity == 0) return;
  const unsigned int blocks = std::min(cuda::grid_for(capacity), cuda_detail::sum_counted_blocks);
  cuda_detail::sum_counted_kernel<<<blocks, cuda::block_size, 0, space.stream()>>>(count, capacity, f, out);
  PLEXUS_CUDA_CHECK(cudaGetLastError());
}

}  // namespace plexus::exec
