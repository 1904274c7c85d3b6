// Host push advance, degree_bucketed: lists of at least kLargeDegree edges are split into
// slices shared by the whole team (the host counterpart of one block per large vertex); the
// rest are taken one vertex at a time in dynamic chunks. Without the split, one hub of a
// power-law graph would keep a single thread busy while the others wait.
#pragma once

#include <cstddef>
#include <vector>

#include "plexus/backends/host/space.hpp"
#include "plexus/frontier/host/queue_writer.hpp"

namespace plexus::operators::detail {

inline constexpr edge_t kLargeDegree = 8192;

template <class View, class F>
void push_degree_bucketed(const exec::host&, csr_view g, const vertex_t* frontier, std::size_t size, const edge_t*,
                          edge_t, View out, F f) {
  std::vector<vertex_t> large;
#pragma omp parallel
  {
    queue_writer<View> writer(out);
    std::vector<vertex_t> my_large;
#pragma omp for schedule(dynamic, 64) nowait
    for (std::size_t i = 0; i < size; ++i) {
      const vertex_t v = frontier[i];
      if (g.degree(v) >= kLargeDegree)
        my_large.push_back(v);
      else
        visit_edges(g, v, g.begin(v), g.end(v), writer, f);
    }
#pragma omp critical
    large.insert(large.end(), my_large.begin(), my_large.end());
#pragma omp barrier
    for (const vertex_t v : large) {
      const edge_t first = g.begin(v), slices = (g.degree(v) + 1023) / 1024;
#pragma omp for schedule(dynamic, 1) nowait
      for (edge_t s = 0; s < slices; ++s) {
        const edge_t lo = first + s * 1024;
        visit_edges(g, v, lo, lo + 1024 < g.end(v) ? lo + 1024 : g.end(v), writer, f);
      }
    }
  }
}

}  // namespace plexus::operators::detail
