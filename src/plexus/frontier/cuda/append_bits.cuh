// CUDA bitmap -> sparse frontier without a separate scan: each lane takes one word, a warp
// scan of the popcounts gives each lane its place in the warp's run, and one atomic per warp
// on the frontier's count claims the run. Ids are ascending within each warp's 32 words
// (2048 vertices) and the runs land in any order. No host round trip.
#pragma once

#include <cstddef>

#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/space.cuh"

namespace plexus::detail {

template <class View>
__global__ void append_bits_kernel(const unsigned long long* words, std::size_t num_words, View out) {
  const unsigned lane = threadIdx.x & 31;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  // The warp's first word is the same in every lane: the whole warp runs every trip.
  for (std::size_t base = static_cast<std::size_t>(blockIdx.x) * blockDim.x + (threadIdx.x & ~31u);
       base < num_words; base += stride) {
    const std::size_t w = base + lane;
    unsigned long long bits = w < num_words ? words[w] : 0;
    const unsigned mine = static_cast<unsigned>(__popcll(bits));
    unsigned inclusive = mine;
    for (unsigned d = 1; d < 32; d <<= 1) {
      const unsigned up = __shfl_up_sync(0xffffffffu, inclusive, d);
      if (lane >= d) inclusive += up;
    }
    const unsigned run = __shfl_sync(0xffffffffu, inclusive, 31);
    if (run == 0) continue;
    unsigned long long start = 0;
    if (lane == 31) start = atomicAdd(out.count, static_cast<unsigned long long>(run));
    start = __shfl_sync(0xffffffffu, start, 31);
    for (unsigned long long at = start + inclusive - mine; bits != 0; bits &= bits - 1, ++at)
      if (at < out.capacity) out.items[at] = static_cast<vertex_t>(w * 64 + static_cast<std::size_t>(__ffsll(static_cast<long long>(bits)) - 1));
  }
}

/// Appends the set bits of `words` to the frontier behind `out`.
template <class View>
void append_bits(const exec::cuda& space, const unsigned long long* words, std::size_t num_words, View out) {
  if (num_words == 0) return;
  append_bits_kernel<<<exec::cuda::grid_for(num_words), exec::cuda::block_size, 0, space.stream()>>>(words, num_words,
                                                                                                   out);
  PLEXUS_CUDA_CHECK(cudaGetLastError());
}

}  // namespace plexus::detail
