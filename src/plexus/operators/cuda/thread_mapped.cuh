// CUDA push advance, thread_mapped: one thread per frontier vertex walks its whole list.
// Best for even, small degrees; a hub serialises its warp.
#pragma once

#include <cstddef>

#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/space.cuh"
#include "plexus/operators/cuda/visit.cuh"

namespace plexus::operators::detail {

template <class View, class F>
__global__ void push_thread_mapped_kernel(csr_view g, const vertex_t* frontier, std::size_t size, View out, F f) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < size; i += stride) {
    const vertex_t v = frontier[i];
    for (edge_t e = g.begin(v), end = g.end(v); e < end; ++e) visit_edge(g, v, e, out, f);
  }
}

template <class View, class F>
void push_thread_mapped(const exec::cuda& space, csr_view g, const vertex_t* frontier, std::size_t size,
                        const edge_t*, edge_t, View out, F f) {
  push_thread_mapped_kernel<<<exec::cuda::grid_for(size), exec::cuda::block_size, 0, space.stream()>>>(
      g, frontier, size, out, f);
  PLEXUS_CUDA_CHECK(cudaGetLastError());
}

}  // namespace plexus::operators::detail
