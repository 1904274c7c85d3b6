// exclusive_scan(cuda, in, out, n): out[i] = in[0] + ... + in[i-1] with
// cub::DeviceScan::ExclusiveSum (decoupled look-back, Merrill & Garland 2016). Asynchronous.
#pragma once

#include <cub/device/device_scan.cuh>

#include <cstddef>

#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/space.cuh"

namespace plexus::exec {

template <class T>
void exclusive_scan(const cuda& space, const T* in, T* out, std::size_t n) {
  if (n == 0) return;
  std::size_t temp_bytes = 0;
  PLEXUS_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, in, out, n, space.stream()));
  void* temp = space.scratch(temp_bytes);
  PLEXUS_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp, temp_bytes, in, out, n, space.stream()));
}

}  // namespace plexus::exec
