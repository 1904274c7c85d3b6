// CUDA push advance, edge_balanced: load-balanced search over the frontier's scanned degrees
// (the "load-balancing search" of Baxter's ModernGPU; Davidson et al., IPDPS 2014; Gunrock's
// LB advance, Wang et al., PPoPP 2016).
//
// The frontier's edges are numbered 0..total-1 through `offsets`, the exclusive scan of its
// degrees (offsets[size] == total). Each thread block takes a tile of kTileItems * 256
// consecutive edge numbers. Two warps find the tile's first and last frontier rows with a
// 32-way search (each step probes 32 offsets at once, so about log32(size) dependent loads
// instead of log2(size)); then edge k of the tile goes to thread k % 256, so a warp reads 32
// consecutive neighbour ids and weights (coalesced), and each thread finds its row by binary
// search between the tile's rows, starting from its previous row. Every thread handles the
// same number of edges whatever the degree distribution, and a hub's list is spread over as
// many blocks as it has tiles.
//
// Small rounds (fewer edges than fill the GPU with such tiles) use tiles of one edge per
// thread instead: a thread's edges are relaxed one after another, each a chain of dependent
// loads and atomics, so eight per thread made a round of a thousand edges take 15-20 us where
// one per thread takes a few.
#pragma once

#include <cstddef>

#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/space.cuh"
#include "plexus/operators/cuda/visit.cuh"

namespace plexus::operators::detail {

inline constexpr unsigned kTileItems = 8;
/// Below this many edges, tiles of one edge per thread (see the file comment).
inline constexpr edge_t kSmallRoundEdges = edge_t(1) << 20;
/// Largest i in [0, size) with offsets[i] <= key, found by the 32 lanes of a warp together.
/// Requires offsets ascending, offsets[0] <= key < offsets[size].
__device__ inline std::size_t warp_row_search(const edge_t* offsets, std::size_t size, edge_t key) {
  const unsigned lane = threadIdx.x & 31;
  std::size_t lo = 0, hi = size;  // answer in [lo, hi); offsets[lo] <= key
  while (true) {
    const std::size_t step = (hi - lo + 31) / 32;
    const std::size_t probe = lo + lane * step;
    const unsigned ok = __ballot_sync(0xffffffffu, probe < hi && offsets[probe] <= key);
    const std::size_t last = lo + static_cast<std::size_t>(31 - __clz(static_cast<int>(ok))) * step;  // lane 0 probes lo
    if (step == 1) return last;
    lo = last;
    hi = last + step < hi ? last + step : hi;
  }
}

template <unsigned Items, class View, class F>
__global__ void __launch_bounds__(exec::cuda::block_size)
    push_edge_balanced_kernel(csr_view g, const vertex_t* frontier, std::size_t size, const edge_t* offsets,
                              edge_t total, View out, F f) {
  constexpr unsigned threads = exec::cuda::block_size;
  constexpr edge_t tile = static_cast<edge_t>(threads) * Items;
  __shared__ std::size_t tile_rows[2];
  // The loop bound is the same for the whole block, so every thread reaches every barrier.
  for (edge_t tile_begin = static_cast<edge_t>(blockIdx.x) * tile; tile_begin < total;
       tile_begin += static_cast<edge_t>(gridDim.x) * tile) {
    const edge_t tile_end = tile_begin + tile < total ? tile_begin + tile : total;
    if (threadIdx.x < 64) {
      const unsigned which = threadIdx.x / 32;
      const std::size_t row = warp_row_search(offsets, size, which == 0 ? tile_begin : tile_end - 1);
      if ((threadIdx.x & 31) == 0) tile_rows[which] = row;
    }
    __syncthreads();
    std::size_t row = tile_rows[0];
    const std::size_t last_row = tile_rows[1];
    __syncthreads();  // tile_rows is rewritten by the next tile
    for (unsigned k = 0; k < Items; ++k) {
      const edge_t pos = tile_begin + k * threads + threadIdx.x;
      if (pos >= tile_end) break;
      std::size_t lo = row, hi = last_row + 1;  // largest i in [lo, hi) with offsets[i] <= pos
      while (hi - lo > 1) {
        const std::size_t mid = (lo + hi) / 2;
        if (offsets[mid] <= pos)
          lo = mid;
        else
          hi = mid;
      }
      row = lo;
      const vertex_t v = frontier[row];
      visit_edge(g, v, g.begin(v) + (pos - offsets[row]), out, f);
    }
  }
}

template <class View, class F>
void push_edge_balanced(const exec::cuda& space, csr_view g, const vertex_t* frontier, std::size_t size,
                        const edge_t* offsets, edge_t total, View out, F f) {
  if (total == 0 || size == 0) return;
  const unsigned items = total < kSmallRoundEdges ? 1u : kTileItems;
  const edge_t tile = static_cast<edge_t>(exec::cuda::block_size) * items;
  const edge_t tiles = (total + tile - 1) / tile;
  const unsigned blocks = static_cast<unsigned>(tiles < 65535u * 64u ? tiles : 65535u * 64u);
  if (items == 1)
    push_edge_balanced_kernel<1>
        <<<blocks, exec::cuda::block_size, 0, space.stream()>>>(g, frontier, size, offsets, total, out, f);
  else
    push_edge_balanced_kernel<kTileItems>
        <<<blocks, exec::cuda::block_size, 0, space.stream()>>>(g, frontier, size, offsets, total, out, f);
  PLEXUS_CUDA_CHECK(cudaGetLastError());
}

}  // namespace plexus::operators::detail
