// SIMT implementation of the per-arc intersect operators declared in operators/intersect.hpp:
// one thread per arc in a grid-stride loop, so work is spread by arcs (edge-centric, as the
// GPU Jaccard of Sathre et al. and cuGraph's jaccard are) rather than by vertices, and a
// hub's arcs run on many threads. The sum goes through exec::reduce.
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/backends/simt/vendor.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus::operators {

namespace simt_detail {
template <class Space, class F>
__global__ void intersect_arcs_kernel(csr_view g, csr_view h, const vertex_t* source, intersect_method method,
                                      F f) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t e = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; e < g.num_edges; e += stride) {
    const vertex_t u = source[e], v = g.indices[e];
    f(static_cast<edge_t>(e), u, v,
      intersect_count(g.indices + g.begin(u), g.degree(u), h.indices + h.begin(v), h.degree(v), method));
  }
}

template <class Space, class F>
__global__ void intersect_arcs_each_kernel(csr_view g, const vertex_t* source, F f) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t e = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; e < g.num_edges; e += stride) {
    const vertex_t u = source[e], v = g.indices[e];
    intersect_each(g.indices + g.begin(u), g.degree(u), g.indices + g.begin(v), g.degree(v),
                   [&](vertex_t w) { f(u, v, w); });
  }
}
template <class Space, class F>
__global__ void intersect_arcs_positions_kernel(csr_view g, const vertex_t* source, intersect_method method, F f) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t e = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; e < g.num_edges; e += stride) {
    const vertex_t u = source[e], v = g.indices[e];
    const edge_t bu = g.begin(u), bv = g.begin(v);
    intersect_positions(g.indices + bu, g.degree(u), g.indices + bv, g.degree(v), method,
                        [&](edge_t i, edge_t j) { f(static_cast<edge_t>(e), bu + i, bv + j); });
  }
}
}  // namespace simt_detail

template <exec::simt_space Space, class F>
void intersect_arcs(const Space& space, const csr_view& g, const csr_view& h, const vertex_t* source,
                    intersect_method method, F f) {
  if (g.num_edges == 0) return;
  simt_detail::intersect_arcs_kernel<Space>
      <<<Space::grid_for(g.num_edges), Space::block_size, 0, space.stream()>>>(g, h, source, method, f);
  backends::gpu_runtime<Space>::check_launch();
}

template <exec::simt_space Space, class F>
void intersect_arcs(const Space& space, const csr_view& g, const vertex_t* source, intersect_method method, F f) {
  intersect_arcs(space, g, g, source, method, f);
}

template <exec::simt_space Space>
std::uint64_t intersect_arcs_sum(const Space& space, const csr_view& g, const vertex_t* source,
                                 intersect_method method) {
  return exec::reduce(
      space, g.num_edges, std::uint64_t(0),
      PLEXUS_LAMBDA(std::size_t e)->std::uint64_t { return intersect_rows(g, source[e], g.indices[e], method); },
      exec::plus{});
}

template <exec::simt_space Space, class F>
void intersect_arcs_each(const Space& space, const csr_view& g, const vertex_t* source, F f) {
  if (g.num_edges == 0) return;
  simt_detail::intersect_arcs_each_kernel<Space>
      <<<Space::grid_for(g.num_edges), Space::block_size, 0, space.stream()>>>(g, source, f);
  backends::gpu_runtime<Space>::check_launch();
}

template <exec::simt_space Space, class F>
void intersect_arcs_positions(const Space& space, const csr_view& g, const vertex_t* source, intersect_method method,
                              F f) {
  if (g.num_edges == 0) return;
  simt_detail::intersect_arcs_positions_kernel<Space>
      <<<Space::grid_for(g.num_edges), Space::block_size, 0, space.stream()>>>(g, source, method, f);
  backends::gpu_runtime<Space>::check_launch();
}

}  // namespace plexus::operators
