// SIMT push advance, block_mapped: one thread block per frontier vertex, all its threads
// stride over the list. Suits frontiers of a few very large lists; wasteful otherwise.
#pragma once

#include <cstddef>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/operators/simt/visit.hpp"

namespace plexus::operators::detail {

template <class Space, class View, class F>
__global__ void push_block_mapped_kernel(csr_view g, const vertex_t* frontier, std::size_t size, View out, F f) {
  for (std::size_t i = blockIdx.x; i < size; i += gridDim.x) {
    const vertex_t v = frontier[i];
    for (edge_t e = g.begin(v) + threadIdx.x, end = g.end(v); e < end; e += blockDim.x) visit_edge(g, v, e, out, f);
  }
}

template <exec::simt_space Space, class View, class F>
void push_block_mapped(const Space& space, csr_view g, const vertex_t* frontier, std::size_t size, const edge_t*,
                       edge_t, View out, F f) {
  const unsigned blocks = static_cast<unsigned>(size < 65535u * 16u ? size : 65535u * 16u);
  push_block_mapped_kernel<Space><<<blocks, Space::block_size, 0, space.stream()>>>(g, frontier, size, out, f);
  backends::gpu_runtime<Space>::check_launch();
}

}  // namespace plexus::operators::detail
