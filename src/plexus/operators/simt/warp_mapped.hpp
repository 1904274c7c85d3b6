// SIMT push advance, warp_mapped: one subgroup (warp, wavefront) per frontier vertex, lanes
// stride over its list so neighbour reads coalesce. Wastes lanes on vertices of degree below
// the subgroup's width.
#pragma once

#include <cstddef>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/operators/simt/visit.hpp"

namespace plexus::operators::detail {

template <class Space, class View, class F>
__global__ void push_warp_mapped_kernel(csr_view g, const vertex_t* frontier, std::size_t size, View out, F f) {
  using sg = backends::subgroup<Space>;
  const unsigned lane = sg::lane();
  const std::size_t subgroups = static_cast<std::size_t>(gridDim.x) * blockDim.x / sg::width;
  for (std::size_t i = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / sg::width; i < size;
       i += subgroups) {
    const vertex_t v = frontier[i];
    for (edge_t e = g.begin(v) + lane, end = g.end(v); e < end; e += sg::width) visit_edge(g, v, e, out, f);
  }
}

template <exec::simt_space Space, class View, class F>
void push_warp_mapped(const Space& space, csr_view g, const vertex_t* frontier, std::size_t size, const edge_t*,
                      edge_t, View out, F f) {
  push_warp_mapped_kernel<Space>
      <<<Space::grid_for(size * backends::subgroup<Space>::width), Space::block_size, 0, space.stream()>>>(
          g, frontier, size, out, f);
  backends::gpu_runtime<Space>::check_launch();
}

}  // namespace plexus::operators::detail
