// SIMT push advance, degree_bucketed (Merrill, Garland, Grimshaw, "Scalable GPU Graph
// Traversal", PPoPP 2012, the "TWC" gather): each thread loads one frontier vertex; lists of
// at least a block's width are expanded by the whole block, one at a time, lists of at
// least a subgroup's width by the thread's subgroup, and the rest by the thread alone. Work per list then
// matches its size without a separate bucketing pass.
#pragma once

#include <cstddef>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/operators/simt/visit.hpp"

namespace plexus::operators::detail {

template <class Space, class View, class F>
__global__ void push_degree_bucketed_kernel(csr_view g, const vertex_t* frontier, std::size_t size, View out, F f) {
  using sg = backends::subgroup<Space>;
  __shared__ int owner;
  __shared__ vertex_t shared_vertex;
  __shared__ edge_t shared_begin, shared_end;
  const unsigned lane = sg::lane();
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  // The loop bound is uniform over the block, so every thread reaches every __syncthreads.
  for (std::size_t base = static_cast<std::size_t>(blockIdx.x) * blockDim.x; base < size; base += stride) {
    const std::size_t i = base + threadIdx.x;
    vertex_t v = 0;
    edge_t begin = 0, end = 0;
    if (i < size) {
      v = frontier[i];
      begin = g.begin(v);
      end = g.end(v);
    }
    // Block phase: the block repeatedly elects one owner of a large list and expands it.
    while (true) {
      if (threadIdx.x == 0) owner = -1;
      __syncthreads();
      if (end - begin >= blockDim.x) owner = static_cast<int>(threadIdx.x);  // any claimant may win
      __syncthreads();
      if (owner < 0) break;  // read by all threads between the two barriers: uniform
      if (owner == static_cast<int>(threadIdx.x)) {
        shared_vertex = v;
        shared_begin = begin;
        shared_end = end;
        begin = end;  // consumed
      }
      __syncthreads();
      for (edge_t e = shared_begin + threadIdx.x; e < shared_end; e += blockDim.x)
        visit_edge(g, shared_vertex, e, out, f);
      __syncthreads();
    }
    // Subgroup phase: lists at least as long as the subgroup is wide, one at a time.
    while (true) {
      const typename sg::mask_type want = sg::ballot(sg::all, end - begin >= sg::width);
      if (want == 0) break;
      const int leader = sg::first(want);
      const vertex_t wv = sg::shuffle(sg::all, v, static_cast<unsigned>(leader));
      const edge_t wb = sg::shuffle(sg::all, begin, static_cast<unsigned>(leader));
      const edge_t we = sg::shuffle(sg::all, end, static_cast<unsigned>(leader));
      if (static_cast<int>(lane) == leader) begin = end;
      for (edge_t e = wb + lane; e < we; e += sg::width) visit_edge(g, wv, e, out, f);
    }
    // Thread phase: short lists.
    for (edge_t e = begin; e < end; ++e) visit_edge(g, v, e, out, f);
  }
}

template <exec::simt_space Space, class View, class F>
void push_degree_bucketed(const Space& space, csr_view g, const vertex_t* frontier, std::size_t size, const edge_t*,
                          edge_t, View out, F f) {
  push_degree_bucketed_kernel<Space><<<Space::grid_for(size), Space::block_size, 0, space.stream()>>>(
      g, frontier, size, out, f);
  backends::gpu_runtime<Space>::check_launch();
}

}  // namespace plexus::operators::detail
