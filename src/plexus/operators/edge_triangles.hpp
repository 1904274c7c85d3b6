// edge_triangles: the number of triangles each edge of a simple undirected graph lies in (its
// support, in k-truss terms), which is |N(u) ∩ N(v)| for edge {u, v} when neither end has a
// loop. Edge-connected Jaccard needs exactly that count for every edge.
//
// Why not intersect per arc: intersecting N(u) and N(v) for every stored arc walks each hub's
// full list once per neighbour, where triangle counting over the degree-oriented graph
// (orient.hpp) meets each triangle once, at its lowest-ranked arc pair, and reads only short
// lists. Listing the triangles that way and crediting their three edges gives every edge's
// count for about the cost of counting triangles: the oriented arcs u -> v, u -> w and v -> w
// of triangle {u, v, w} are the arc being intersected and the two positions where w was found
// (intersect_arcs_positions). This is the edge-support computation of truss decomposition
// (Wang and Cheng, "Truss decomposition in massive networks", VLDB 2012), applied to Jaccard.
#pragma once

#include <cstdint>

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/csr_view.hpp"
#include "plexus/operators/intersect.hpp"
#include "plexus/operators/orient.hpp"

namespace plexus::operators {

/// Looks up the triangle count of edge {u, v} (u != v) of g: its oriented arc is in the row of
/// the lower-ranked end. A copyable view for device lambdas.
struct edge_triangle_counts {
  csr_view graph;     // the undirected graph the counts are of
  csr_view oriented;  // its degree-oriented arcs
  const std::uint32_t* count;  // per oriented arc

  PLEXUS_HOST_DEVICE edge_t operator()(vertex_t u, vertex_t v) const {
    const bool up = ranks_below(graph, u, v);
    const vertex_t low = up ? u : v, high = up ? v : u;
    return count[lower_bound(oriented.indices, oriented.begin(low), oriented.end(low), high)];
  }
};

/// count[a] = the triangles of oriented arc a, for every arc of the degree-oriented graph og
/// (`source` is its sources array), count holding zeros.
template <class Space>
void count_triangles_per_arc(const Space& space, const csr_view& og, const vertex_t* source, intersect_method method,
                             std::uint32_t* count) {
  // Credits commute, so concurrent ones to a shared edge only need atomicity.
  intersect_arcs_positions(space, og, source, method, PLEXUS_LAMBDA(edge_t uv, edge_t uw, edge_t vw) {
    exec::atomic_add(&count[uv], 1u);
    exec::atomic_add(&count[uw], 1u);
    exec::atomic_add(&count[vw], 1u);
  });
  space.synchronize();
}

/// Triangle counts of every edge of g, which must be undirected without repeated neighbours
/// (loops are ignored). `source` is the row of every arc of g (arc_sources).
template <class Space>
class edge_triangles {
 public:
  edge_triangles(const Space& space, const csr_view& g, const vertex_t* source, intersect_method method)
      : graph_(g), oriented_(orient_by_degree(space, g, source)), count_(oriented_.indices.size()) {
    count_.zero();
    count_triangles_per_arc(space, oriented_.view(g.num_vertices), oriented_.sources.data(), method, count_.data());
  }

  edge_triangle_counts counts() const { return {graph_, oriented_.view(graph_.num_vertices), count_.data()}; }

 private:
  csr_view graph_;
  oriented_graph<Space> oriented_;
  exec::buffer<Space, std::uint32_t> count_;
};

}  // namespace plexus::operators
