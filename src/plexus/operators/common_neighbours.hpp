// common_neighbours_per_arc(space, g, source, method, loop, f): f(e, u, v, |N(u) ∩ N(v)|) for
// every arc e = (u, v) of an undirected graph g without repeated neighbours, the sizes counted
// over the lists as stored. `source` is the row of every arc (arc_sources), `loop` the graph's
// self_loop_flags (nullptr when it has none).
//
// The two back-end families reach the counts differently, because what is cheap differs:
// - GPUs list every triangle once over the degree-oriented graph and credit its three edges
//   with atomic adds (edge_triangles.hpp); for u != v the stored lists then share the
//   triangles' third vertices plus each end that has a loop. Intersecting N(u) and N(v) per
//   arc instead walks a hub's long list once per neighbour, one lane per arc.
// - The host intersects each pair {u, v} once against a per-thread bitmap
//   (intersect_arcs_symmetric, host/intersect.hpp). Atomic credits to scattered edges cost the
//   host a cache miss and a locked add each, three per triangle, and measured slower than the
//   bitmap tests (docs/performance/jaccard.md).
#pragma once

#include <cstddef>

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/csr_view.hpp"
#include "plexus/operators/edge_triangles.hpp"
#include "plexus/operators/intersect.hpp"

namespace plexus::operators {

template <class F>
void common_neighbours_per_arc(const exec::host& space, const csr_view& g, const vertex_t* source,
                               intersect_method method, const unsigned char*, F f) {
  intersect_arcs_symmetric(space, g, source, method, f);
}

#if PLEXUS_SIMT_COMPILER
template <exec::simt_space Space, class F>
void common_neighbours_per_arc(const Space& space, const csr_view& g, const vertex_t* source,
                               intersect_method method, const unsigned char* loop, F f) {
  const edge_triangles<Space> triangles(space, g, source, method);
  const edge_triangle_counts on_edge = triangles.counts();
  exec::for_each(space, g.num_edges, PLEXUS_LAMBDA(std::size_t i) {
    const edge_t e = static_cast<edge_t>(i);
    const vertex_t u = source[e], v = g.indices[e];
    // A loop's arc shares its whole list with itself.
    const edge_t common =
        u == v ? g.degree(u) : on_edge(u, v) + (loop ? edge_t(loop[u]) + edge_t(loop[v]) : edge_t(0));
    f(e, u, v, common);
  });
  space.synchronize();
}
#endif

}  // namespace plexus::operators
