// CUDA push advance, edge_balanced: merge-path load balancing (Odeh, Green, Mwassi, Shmueli,
// Birk, "Merge Path", IPDPSW 2012; the CSR form is CUB's merge-based SpMV, Merrill & Garland,
// SC 2016). The work is the merge of the frontier's row-end offsets (exclusive scan of its
// degrees) with the edge numbers 0..E-1; each thread takes kItems consecutive merge items,
// finds its start by binary search on its diagonal, then alternately consumes edges and
// row ends. Every thread does the same amount of work whatever the degree distribution.
#pragma once

#include <cstddef>

#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/space.cuh"
#include "plexus/operators/cuda/visit.cuh"

namespace plexus::operators::detail {

inline constexpr unsigned kMergeItems = 8;

template <class View, class F>
__global__ void push_edge_balanced_kernel(csr_view g, const vertex_t* frontier, std::size_t size,
                                          const edge_t* offsets, edge_t total, View out, F f) {
  const edge_t items = total + size;
  const edge_t stride = static_cast<edge_t>(gridDim.x) * blockDim.x * kMergeItems;
  for (edge_t diagonal = (static_cast<edge_t>(blockIdx.x) * blockDim.x + threadIdx.x) * kMergeItems; diagonal < items;
       diagonal += stride) {
    // Merge-path search: i row ends and diagonal - i edges precede this diagonal.
    edge_t lo = diagonal > total ? diagonal - total : 0, hi = diagonal < size ? diagonal : size;
    while (lo < hi) {
      const edge_t mid = (lo + hi) / 2;
      if (offsets[mid + 1] <= diagonal - mid - 1)
        lo = mid + 1;
      else
        hi = mid;
    }
    std::size_t i = static_cast<std::size_t>(lo);
    edge_t j = diagonal - lo;
    const edge_t stop = diagonal + kMergeItems < items ? diagonal + kMergeItems : items;
    if (i >= size) continue;
    vertex_t v = frontier[i];
    edge_t row_end = offsets[i + 1], row_base = g.begin(v) - offsets[i];
    for (edge_t d = diagonal; d < stop; ++d) {
      if (j < row_end) {
        visit_edge(g, v, row_base + j, out, f);
        ++j;
      } else if (++i < size) {
        v = frontier[i];
        row_base = g.begin(v) - offsets[i];
        row_end = offsets[i + 1];
      }
    }
  }
}

template <class View, class F>
void push_edge_balanced(const exec::cuda& space, csr_view g, const vertex_t* frontier, std::size_t size,
                        const edge_t* offsets, edge_t total, View out, F f) {
  const std::size_t threads = (total + size + kMergeItems - 1) / kMergeItems;
  push_edge_balanced_kernel<<<exec::cuda::grid_for(threads), exec::cuda::block_size, 0, space.stream()>>>(
      g, frontier, size, offsets, total, out, f);
  PLEXUS_CUDA_CHECK(cudaGetLastError());
}

}  // namespace plexus::operators::detail
