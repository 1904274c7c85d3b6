// reduce(cuda, n, init, f, op): init op f(0) op ... op f(n-1) with cub::DeviceReduce::
// TransformReduce over a counting iterator; returns the value to the host (synchronises).
#pragma once

#include <thrust/iterator/counting_iterator.h>

#include <cstddef>
#include <cub/device/device_reduce.cuh>

#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/small_copy.cuh"
#include "plexus/exec/cuda/space.cuh"

namespace plexus::exec {

template <class T, class F, class Op>
T reduce(const cuda& space, std::size_t n, T init, F f, Op op) {
  if (n == 0) return init;
  const thrust::counting_iterator<std::size_t> first(0);
  std::size_t temp_bytes = 0;
  PLEXUS_CUDA_CHECK(cub::DeviceReduce::TransformReduce(nullptr, temp_bytes, first, static_cast<T*>(nullptr),
                                                       n, op, f, init, space.stream()));
  constexpr std::size_t result_slot = 256;  // keeps CUB's storage aligned after the result
  char* scratch = static_cast<char*>(space.scratch(result_slot + temp_bytes));
  T* result = reinterpret_cast<T*>(scratch);
  PLEXUS_CUDA_CHECK(cub::DeviceReduce::TransformReduce(scratch + result_slot, temp_bytes, first, result, n,
                                                       op, f, init, space.stream()));
  T value;
  cuda_detail::read_back(&value, result, sizeof(value));
  return value;
}

}  // namespace plexus::exec
