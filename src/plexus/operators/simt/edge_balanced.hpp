// SIMT push advance, edge_balanced: load-balanced search over the frontier's scanned degrees
// (the "load-balancing search" of Baxter's ModernGPU; Davidson et al., IPDPS 2014; Gunrock's
// LB advance, Wang et al., PPoPP 2016).
//
// The frontier's edges are numbered 0..total-1 through `offsets`, the exclusive scan of its
// degrees (offsets[size] == total). Each thread block takes a tile of kTileItems * 256
// consecutive edge numbers. Two subgroups find the tile's first and last frontier rows with a
// search as wide as a subgroup (each step probes one offset per lane at once, so about
// log_width(size) dependent loads instead of log2(size)); then edge k of the tile goes to
// thread k % 256, so a subgroup reads consecutive neighbour ids and weights (coalesced), and each thread finds its row by binary
// search between the tile's rows, starting from its previous row. Every thread handles the
// same number of edges whatever the degree distribution, and a hub's list is spread over as
// many blocks as it has tiles.
//
// Small rounds (fewer edges than fill the GPU with such tiles) use tiles of one edge per
// thread instead: a thread's edges are relaxed one after another, each a chain of dependent
// loads and atomics, so eight per thread made a small round take far longer than one per
// thread (docs/performance/bfs.md, "Small push rounds").
#pragma once

#include <cstddef>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/operators/simt/visit.hpp"

namespace plexus::operators::detail {

inline constexpr unsigned kTileItems = 8;
/// Below this many edges, tiles of one edge per thread (see the file comment).
inline constexpr edge_t kSmallRoundEdges = edge_t(1) << 20;
/// Largest i in [0, size) with offsets[i] <= key, found by the lanes of a subgroup together.
/// Requires offsets ascending, offsets[0] <= key < offsets[size].
template <class Space>
__device__ inline std::size_t subgroup_row_search(const edge_t* offsets, std::size_t size, edge_t key) {
  using sg = backends::subgroup<Space>;
  const unsigned lane = sg::lane();
  std::size_t lo = 0, hi = size;  // answer in [lo, hi); offsets[lo] <= key
  while (true) {
    const std::size_t step = (hi - lo + sg::width - 1) / sg::width;
    const std::size_t probe = lo + lane * step;
    const typename sg::mask_type ok = sg::ballot(sg::all, probe < hi && offsets[probe] <= key);
    const std::size_t last = lo + static_cast<std::size_t>(sg::last(ok)) * step;  // lane 0 probes lo
    if (step == 1) return last;
    lo = last;
    hi = last + step < hi ? last + step : hi;
  }
}

template <class Space, unsigned Items, class View, class F>
__global__ void __launch_bounds__(Space::block_size)
    push_edge_balanced_kernel(csr_view g, const vertex_t* frontier, std::size_t size, const edge_t* offsets,
                              edge_t total, View out, F f) {
  using sg = backends::subgroup<Space>;
  constexpr unsigned threads = Space::block_size;
  constexpr edge_t tile = static_cast<edge_t>(threads) * Items;
  __shared__ std::size_t tile_rows[2];
  // The loop bound is the same for the whole block, so every thread reaches every barrier.
  for (edge_t tile_begin = static_cast<edge_t>(blockIdx.x) * tile; tile_begin < total;
       tile_begin += static_cast<edge_t>(gridDim.x) * tile) {
    const edge_t tile_end = tile_begin + tile < total ? tile_begin + tile : total;
    if (threadIdx.x < 2 * sg::width) {
      const unsigned which = threadIdx.x / sg::width;
      const std::size_t row = subgroup_row_search<Space>(offsets, size, which == 0 ? tile_begin : tile_end - 1);
      if (sg::lane() == 0) tile_rows[which] = row;
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

template <exec::simt_space Space, class View, class F>
void push_edge_balanced(const Space& space, csr_view g, const vertex_t* frontier, std::size_t size,
                        const edge_t* offsets, edge_t total, View out, F f) {
  if (total == 0 || size == 0) return;
  const unsigned items = total < kSmallRoundEdges ? 1u : kTileItems;
  const edge_t tile = static_cast<edge_t>(Space::block_size) * items;
  const edge_t tiles = (total + tile - 1) / tile;
  const unsigned blocks = static_cast<unsigned>(tiles < 65535u * 64u ? tiles : 65535u * 64u);
  if (items == 1)
    push_edge_balanced_kernel<Space, 1>
        <<<blocks, Space::block_size, 0, space.stream()>>>(g, frontier, size, offsets, total, out, f);
  else
    push_edge_balanced_kernel<Space, kTileItems>
        <<<blocks, Space::block_size, 0, space.stream()>>>(g, frontier, size, offsets, total, out, f);
  backends::gpu_runtime<Space>::check_launch();
}

}  // namespace plexus::operators::detail
