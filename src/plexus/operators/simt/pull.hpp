// SIMT pull advance: one thread per vertex; a not-yet-done vertex scans its in-neighbours and
// stops at the first frontier member f accepts (Beamer et al., SC 2012).
//
// The lanes of a subgroup own consecutive vertices, so their results form one 64-bit bitmap
// word (a wavefront of 64) or half of one (a warp of 32): a ballot collects them and lane 0
// ORs them in with a single atomic instead of one atomic per lane on the same word. The number
// of vertices added is the ballot's popcount, added to a device counter once per subgroup.
#pragma once

#include <cstddef>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/small_copy.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus::operators::detail {

template <class Space, class Bits, class Active, class F>
__global__ void pull_kernel(csr_view in, Bits frontier, Bits next, Active active, F f, unsigned long long* added) {
  using sg = backends::subgroup<Space>;
  static_assert(64 % sg::width == 0, "a subgroup's vertices share one bitmap word");
  const unsigned lane = sg::lane();
  const std::size_t n = in.num_vertices;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  unsigned count = 0;
  // `base` is the subgroup's first vertex, the same in every lane, so the whole subgroup
  // reaches the ballot on every trip.
  for (std::size_t base = static_cast<std::size_t>(blockIdx.x) * blockDim.x + (threadIdx.x - lane); base < n;
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
    const typename sg::mask_type mask = sg::ballot(sg::all, found);
    if (lane == 0 && mask != 0) {
      next.set_bits(static_cast<vertex_t>(base), static_cast<unsigned long long>(mask));
      count += static_cast<unsigned>(sg::count(mask));
    }
  }
  if (lane == 0 && count != 0) atomicAdd(added, static_cast<unsigned long long>(count));
}

template <exec::simt_space Space, class Bits, class Active, class F>
std::size_t pull(const Space& space, csr_view in, Bits frontier, Bits next, Active active, F f) {
  using runtime = backends::gpu_runtime<Space>;
  auto* added = static_cast<unsigned long long*>(space.scratch(sizeof(unsigned long long)));
  runtime::zero_async(added, sizeof(*added), space.stream());
  pull_kernel<Space><<<Space::grid_for(in.num_vertices), Space::block_size, 0, space.stream()>>>(
      in, frontier, next, active, f, added);
  runtime::check_launch();
  unsigned long long result = 0;
  backends::read_back<Space>(&result, added, sizeof(result));
  return static_cast<std::size_t>(result);
}

}  // namespace plexus::operators::detail
