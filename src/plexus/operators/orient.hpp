// orient: a simple undirected graph's arcs kept one way, from the lower to the higher of the
// two ends ranked by (degree, id), so that each edge appears once and every vertex's list holds
// only neighbours of higher rank; a hub keeps few. Triangle counting intersects these lists
// (each triangle is found once, at its lowest-ranked arc pair; Schank and Wagner's ordering),
// and so does the DSL compiler's triangle idiom (dsl/emit_operators.cpp). Self-loops and
// repeated neighbours are dropped; rows stay sorted.
#pragma once

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/csr_view.hpp"
#include "plexus/operators/intersect.hpp"

namespace plexus::operators {

/// Oriented simple graph: arc u->v kept when u != v, v does not repeat the previous
/// neighbour, and (deg u, u) < (deg v, v). Rows stay sorted because kept arcs keep their order.
template <class Space>
struct oriented_graph {
  exec::buffer<Space, edge_t> offsets;
  exec::buffer<Space, vertex_t> indices, sources;
  csr_view view(vertex_t n) const {
    return csr_view{n, indices.size(), offsets.data(), indices.data(), nullptr};
  }
};

/// True when the oriented graph keeps arc u -> v of g (see oriented_graph): u ranks below v by
/// (degree, id). The caller has dropped loops and repeats.
PLEXUS_HOST_DEVICE inline bool ranks_below(const csr_view& g, vertex_t u, vertex_t v) {
  const edge_t du = g.degree(u), dv = g.degree(v);
  return du < dv || (du == dv && u < v);
}

/// `source` holds the row of every arc of g (arc_sources).
template <class Space>
oriented_graph<Space> orient_by_degree(const Space& space, const csr_view& g, const vertex_t* source) {
  const vertex_t n = g.num_vertices;
  const edge_t m = g.num_edges;
  oriented_graph<Space> o;
  o.offsets.resize(static_cast<std::size_t>(n) + 1);
  exec::buffer<Space, edge_t> position_buffer(m + 1);
  edge_t* position = position_buffer.data();
  auto keep = PLEXUS_LAMBDA(edge_t e)->bool {
    const vertex_t u = source[e], v = g.indices[e];
    if (u == v || (e > g.offsets[u] && g.indices[e - 1] == v)) return false;
    return ranks_below(g, u, v);
  };
  exec::for_each(space, static_cast<std::size_t>(m) + 1,
                 PLEXUS_LAMBDA(std::size_t e) { position[e] = e < m && keep(static_cast<edge_t>(e)) ? 1 : 0; });
  // After the scan position[e] is the slot of arc e in the oriented arrays, and
  // position[offsets[u]] is where row u starts (position[m] is the total).
  exec::exclusive_scan(space, position, position, static_cast<std::size_t>(m) + 1);
  const edge_t kept = position_buffer.get(m);
  o.indices.resize(kept);
  o.sources.resize(kept);
  edge_t* offsets = o.offsets.data();
  vertex_t* indices = o.indices.data();
  vertex_t* sources = o.sources.data();
  exec::for_each(space, static_cast<std::size_t>(n) + 1,
                 PLEXUS_LAMBDA(std::size_t u) { offsets[u] = position[g.offsets[u]]; });
  // Arc e was kept exactly when its slot differs from the next one: reading the scanned slots
  // again costs a sequential pass instead of the keep test's random degree lookups.
  exec::for_each(space, m, PLEXUS_LAMBDA(std::size_t e) {
    if (position[e + 1] != position[e]) {
      indices[position[e]] = g.indices[e];
      sources[position[e]] = source[e];
    }
  });
  space.synchronize();
  return o;
}

template <class Space>
oriented_graph<Space> orient_by_degree(const Space& space, const csr_view& g) {
  exec::buffer<Space, vertex_t> source_buffer(g.num_edges);
  operators::arc_sources(space, g, source_buffer.data());
  return orient_by_degree(space, g, source_buffer.data());
}

}  // namespace plexus::operators
