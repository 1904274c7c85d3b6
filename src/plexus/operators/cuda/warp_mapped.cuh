// CUDA push advance, warp_mapped: one warp per frontier vertex, lanes stride over its list so
// neighbour reads coalesce. Wastes lanes on vertices of degree below 32.
#pragma once

#include <cstddef>

#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/space.cuh"
#include "plexus/operators/cuda/visit.cuh"

namespace plexus::operators::detail {

template <class View, class F>
__global__ void push_warp_mapped_kernel(csr_view g, const vertex_t* frontier, std::size_t size, View out, F f) {
  const unsigned lane = threadIdx.x & 31;
  const std::size_t warps = static_cast<std::size_t>(gridDim.x) * blockDim.x / 32;
  for (std::size_t i = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32; i < size; i += warps) {
    const vertex_t v = frontier[i];
    for (edge_t e = g.begin(v) + lane, end = g.end(v); e < end; e += 32) visit_edge(g, v, e, out, f);
  }
}

template <class View, class F>
void push_warp_mapped(const exec::cuda& space, csr_view g, const vertex_t* frontier, std::size_t size, const edge_t*,
                      edge_t, View out, F f) {
  push_warp_mapped_kernel<<<exec::cuda::grid_for(size * 32), exec::cuda::block_size, 0, space.stream()>>>(
      g, frontier, size, out, f);
  PLEXUS_CUDA_CHECK(cudaGetLastError());
}

}  // namespace plexus::operators::detail
