// Host (OpenMP) back end of the per-arc intersect operators declared in operators/intersect.hpp.
// Arcs are handed out in dynamic chunks: intersection costs vary by orders of magnitude
// between arcs (a hub's arcs are long merges), so static halves would leave threads idle.
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/exec/host/space.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus::operators {

namespace host_detail {
inline constexpr std::int64_t kArcChunk = 512;
}

template <class F>
void intersect_arcs(const exec::host&, const csr_view& g, const vertex_t* source, intersect_method method, F f) {
  const std::int64_t m = static_cast<std::int64_t>(g.num_edges);
#pragma omp parallel for schedule(dynamic, host_detail::kArcChunk)
  for (std::int64_t i = 0; i < m; ++i) {
    const edge_t e = static_cast<edge_t>(i);
    const vertex_t u = source[e], v = g.indices[e];
    f(e, u, v, intersect_rows(g, u, v, method));
  }
}

inline std::uint64_t intersect_arcs_sum(const exec::host&, const csr_view& g, const vertex_t* source,
                                        intersect_method method) {
  const std::int64_t m = static_cast<std::int64_t>(g.num_edges);
  std::uint64_t total = 0;
#pragma omp parallel for schedule(dynamic, host_detail::kArcChunk) reduction(+ : total)
  for (std::int64_t i = 0; i < m; ++i) {
    const edge_t e = static_cast<edge_t>(i);
    total += intersect_rows(g, source[e], g.indices[e], method);
  }
  return total;
}

template <class F>
void intersect_arcs_each(const exec::host&, const csr_view& g, const vertex_t* source, F f) {
  const std::int64_t m = static_cast<std::int64_t>(g.num_edges);
#pragma omp parallel for schedule(dynamic, host_detail::kArcChunk)
  for (std::int64_t i = 0; i < m; ++i) {
    const edge_t e = static_cast<edge_t>(i);
    const vertex_t u = source[e], v = g.indices[e];
    intersect_each(g.indices + g.begin(u), g.degree(u), g.indices + g.begin(v), g.degree(v),
                   [&](vertex_t w) { f(u, v, w); });
  }
}

}  // namespace plexus::operators
