// for_each(space, n, f) on a SIMT back end: f(i) for every i in [0, n) in a grid-stride kernel;
// f must be a PLEXUS_LAMBDA (host-device) or a device functor. Asynchronous on the space's
// stream.
#pragma once

#include <cstddef>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/vendor.hpp"

namespace plexus::backends::simt_detail {

template <class Space, class F>
__global__ void for_each_kernel(std::size_t n, F f) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) f(i);
}

}  // namespace plexus::backends::simt_detail

namespace plexus::exec {

template <simt_space Space, class F>
void for_each(const Space& space, std::size_t n, F f) {
  if (n == 0) return;
  backends::simt_detail::for_each_kernel<Space><<<Space::grid_for(n), Space::block_size, 0, space.stream()>>>(n, f);
  backends::gpu_runtime<Space>::check_launch();
}

}  // namespace plexus::exec
