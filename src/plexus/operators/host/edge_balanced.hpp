// Host push advance, edge_balanced: the frontier's edges (numbered through the exclusive scan
// of its degrees, `offsets`) are cut into equal slices; each slice finds its first vertex by
// binary search on the offsets (the merge-path split point) and walks on from there. Every
// thread gets the same number of edges however skewed the degrees are.
#pragma once

#include <algorithm>
#include <cstddef>

#include <omp.h>

#include "plexus/backends/host/space.hpp"
#include "plexus/frontier/host/queue_writer.hpp"
#include "plexus/operators/load_balance.hpp"

namespace plexus::operators::detail {

template <class View, class F>
void push_edge_balanced(const exec::host&, csr_view g, const vertex_t* frontier, std::size_t size,
                        const edge_t* offsets, edge_t total, View out, F f) {
  if (total == 0) return;
  if (host_walks_frontier(total)) {
    queue_writer<View> writer(out);
    for (std::size_t i = 0; i < size; ++i) visit_edges(g, frontier[i], g.begin(frontier[i]), g.end(frontier[i]), writer, f);
    return;
  }
  const edge_t slice = std::max<edge_t>(2048, total / (static_cast<edge_t>(omp_get_max_threads()) * 16));
  const edge_t slices = (total + slice - 1) / slice;
#pragma omp parallel
  {
    queue_writer<View> writer(out);
#pragma omp for schedule(dynamic, 1) nowait
    for (edge_t s = 0; s < slices; ++s) {
      const edge_t lo = s * slice, hi = std::min(total, lo + slice);
      // largest i with offsets[i] <= lo: the vertex owning edge number lo
      std::size_t i = static_cast<std::size_t>(std::upper_bound(offsets, offsets + size + 1, lo) - offsets) - 1;
      for (edge_t pos = lo; pos < hi; ++i) {
        const vertex_t v = frontier[i];
        const edge_t end_pos = std::min(hi, offsets[i + 1]);
        const edge_t first = g.begin(v) + (pos - offsets[i]);
        visit_edges(g, v, first, first + (end_pos - pos), writer, f);
        pos = end_pos;
      }
    }
  }
}

}  // namespace plexus::operators::detail
