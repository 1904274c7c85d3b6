// SIMT bitmap -> sparse frontier without a separate scan: each lane takes one word, a subgroup
// scan of the popcounts gives each lane its place in the subgroup's run, and one atomic per
// subgroup on the frontier's count claims the run. Ids are ascending within each subgroup's
// words (64 vertices a lane) and the runs land in any order. No host round trip.
#pragma once

#include <cstddef>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/exec/bit.hpp"

namespace plexus::detail {

template <class Space, class View>
__global__ void append_bits_kernel(const unsigned long long* words, std::size_t num_words, View out) {
  using sg = backends::subgroup<Space>;
  const unsigned lane = sg::lane();
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  // The subgroup's first word is the same in every lane: the whole subgroup runs every trip.
  for (std::size_t base = static_cast<std::size_t>(blockIdx.x) * blockDim.x + (threadIdx.x - lane);
       base < num_words; base += stride) {
    const std::size_t w = base + lane;
    unsigned long long bits = w < num_words ? words[w] : 0;
    const unsigned mine = static_cast<unsigned>(exec::popcount(bits));
    unsigned inclusive = mine;
    for (unsigned d = 1; d < sg::width; d <<= 1) {
      const unsigned up = sg::shuffle_up(sg::all, inclusive, d);
      if (lane >= d) inclusive += up;
    }
    constexpr unsigned last_lane = sg::width - 1;
    const unsigned run = sg::shuffle(sg::all, inclusive, last_lane);
    if (run == 0) continue;
    unsigned long long start = 0;
    if (lane == last_lane) start = atomicAdd(out.count, static_cast<unsigned long long>(run));
    start = sg::shuffle(sg::all, start, last_lane);
    for (unsigned long long at = start + inclusive - mine; bits != 0; bits &= bits - 1, ++at)
      if (at < out.capacity)
        out.items[at] = static_cast<vertex_t>(w * 64 + static_cast<std::size_t>(exec::lowest_bit(bits)));
  }
}

/// Appends the set bits of `words` to the frontier behind `out`.
template <exec::simt_space Space, class View>
void append_bits(const Space& space, const unsigned long long* words, std::size_t num_words, View out) {
  if (num_words == 0) return;
  append_bits_kernel<Space><<<Space::grid_for(num_words), Space::block_size, 0, space.stream()>>>(words, num_words, out);
  backends::gpu_runtime<Space>::check_launch();
}

}  // namespace plexus::detail
