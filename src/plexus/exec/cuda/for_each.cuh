// for_each(cuda, n, f): calls f(i) for every i in [0, n) in a grid-stride kernel; f must be
// a PLEXUS_LAMBDA (host-device) or a device functor. Asynchronous on the space's stream.
#pragma once

#include <cstddef>

#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/space.cuh"

namespace plexus::exec {

namespace cuda_detail {
template <class F>
__global__ void for_each_kernel(std::size_t n, F f) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) f(i);
}
}  // namespace cuda_detail

template <class F>
void for_each(const cuda& space, std::size_t n, F f) {
  if (n == 0) return;
  cuda_detail::for_each_kernel<<<cuda::grid_for(n), cuda::block_size, 0, space.stream()>>>(n, f);
  PLEXUS_CUDA_CHECK(cudaGetLastError());
}

}  // namespace plexus::exec
