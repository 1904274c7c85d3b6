// SIMT push advance, thread_mapped: one thread per frontier vertex walks its whole list.
// Best for even, small degrees; a hub serialises its subgroup.
#pragma once

#include <cstddef>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/operators/simt/visit.hpp"

namespace plexus::operators::detail {

template <class Space, class View, class F>
__global__ void push_thread_mapped_kernel(csr_view g, const vertex_t* frontier, std::size_t size, View out, F f) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < size; i += stride) {
    const vertex_t v = frontier[i];
    for (edge_t e = g.begin(v), end = g.end(v); e < end; ++e) visit_edge(g, v, e, out, f);
  }
}

template <exec::simt_space Space, class View, class F>
void push_thread_mapped(const Space& space, csr_view g, const vertex_t* frontier, std::size_t size, const edge_t*,
                        edge_t, View out, F f) {
  push_thread_mapped_kernel<Space><<<Space::grid_for(size), Space::block_size, 0, space.stream()>>>(
      g, frontier, size, out, f);
  backends::gpu_runtime<Space>::check_launch();
}

}  // namespace plexus::operators::detail
