// CUDA pull advance: one thread per vertex; a not-yet-done vertex scans its in-neighbours and
// stops at the first frontier member f accepts (Beamer et al., SC 2012).
//
// The 32 lanes of a warp own 32 consecutive vertices, so their results form one half of a
// bitmap word: a ballot collects them and lane 0 ORs them in with a single atomic instead of
// up to 32 atomics on the same word. The number of vertices added is the ballot's popcount,
// added to a device counter once per warp.
#pragma once

#include <cstddef>

#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/space.cuh"
#include "plexus/graph/csr_view.hpp"

namespace plexus::operators::detail {

template <class Bits, class Active, class F>
__global__ void pull_kernel(csr_view in, Bits frontier, Bits next, Active active, F f, unsigned long long* added) {
  const unsigned lane = threadIdx.x & 31;
  const std::size_t n = in.num_vertices;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  unsigned count = 0;
  // `base` is the warp's first vertex, the same in every lane, so the whole warp reaches the
  // ballot on every trip.
  for (std::size_t base = static_cast<std::size_t>(blockIdx.x) * blockDim.x + (threadIdx.x & ~31u); base < n;
       base += stride) {
    const std::size_t i = base + lane;
    bool found = false;
    if (i < n) {
      const vertex_t v = static_cast<vertex_t>(i);
      if (active(v)) {
        for (edge_t e = in.begin(v), end = in.end(v); e < end; ++e) {
          const vertex_t u = in.indices[e];
          if (frontier.test(u) && f(u, v, e, in.weight(e))) {
            found = true;
            break;
          }
        }
      }
    }
    const unsigned mask = __ballot_sync(0xffffffffu, found);
    if (lane == 0 && mask != 0) {
      next.set_bits(static_cast<vertex_t>(base), mask);
      count += static_cast<unsigned>(__popc(mask));
    }
  }
  if (lane == 0 && count != 0) atomicAdd(added, static_cast<unsigned long long>(count));
}

template <class Bits, class Active, class F>
std::size_t pull(const exec::cuda& space, csr_view in, Bits frontier, Bits next, Active active, F f) {
  auto* added = static_cast<unsigned long long*>(space.scratch(sizeof(unsigned long long)));
  PLEXUS_CUDA_CHECK(cudaMemsetAsync(added, 0, sizeof(*added), space.stream()));
  pull_kernel<<<exec::cuda::grid_for(in.num_vertices), exec::cuda::block_size, 0, space.stream()>>>(
      in, frontier, next, active, f, added);
  PLEXUS_CUDA_CHECK(cudaGetLastError());
  unsigned long long result = 0;
  exec::cuda_detail::read_back(&result, added, sizeof(result));
  return static_cast<std::size_t>(result);
}

}  // namespace plexus::operators::detail
