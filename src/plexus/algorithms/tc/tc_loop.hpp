// The triangle-counting loop, written once over an execution space and instantiated per
// back end (tc_instances.hpp). No
// back-end code: exec primitives and the intersect operator only. See tc.hpp.
#pragma once

#include <cstdint>

#include "plexus/algorithms/tc/tc.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/operators/intersect.hpp"

namespace plexus::detail {

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

template <class Space>
oriented_graph<Space> orient_by_degree(const Space& space, const csr_view& g) {
  const vertex_t n = g.num_vertices;
  const edge_t m = g.num_edges;
  oriented_graph<Space> o;
  o.offsets.resize(static_cast<std::size_t>(n) + 1);
  exec::buffer<Space, vertex_t> source_buffer(m);
  exec::buffer<Space, edge_t> position_buffer(m + 1);
  vertex_t* source = source_buffer.data();
  edge_t* position = position_buffer.data();
  operators::arc_sources(space, g, source);
  auto keep = PLEXUS_LAMBDA(edge_t e)->bool {
    const vertex_t u = source[e], v = g.indices[e];
    if (u == v || (e > g.offsets[u] && g.indices[e - 1] == v)) return false;
    const edge_t du = g.degree(u), dv = g.degree(v);
    return du < dv || (du == dv && u < v);
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
triangle_result triangle_count_run(const device_graph& graph, const triangle_options& options) {
  const Space space;
  const csr_view g = graph.out_view();
  const vertex_t n = g.num_vertices;
  triangle_result result;
  exec::stopwatch<Space> clock(space), orient_clock(space);
  clock.start();
  orient_clock.start();
  const oriented_graph<Space> o = orient_by_degree(space, g);
  result.orient_seconds = orient_clock.stop();
  const csr_view og = o.view(n);
  result.oriented_edges = og.num_edges;
  if (!options.per_vertex) {
    result.total = operators::intersect_arcs_sum(space, og, o.sources.data(), options.method);
    result.seconds = clock.stop();
    return result;
  }
  exec::buffer<Space, std::uint64_t> corner_buffer(n);
  corner_buffer.zero();
  std::uint64_t* corners = corner_buffer.data();
  operators::intersect_arcs_each(space, og, o.sources.data(), PLEXUS_LAMBDA(vertex_t u, vertex_t v, vertex_t w) {
    // Each triangle {u, v, w} is met once (at u->v, its lowest-ranked arc pair); the adds
    // commute, so concurrent credits to a shared corner only need atomicity.
    exec::atomic_add(&corners[u], std::uint64_t(1));
    exec::atomic_add(&corners[v], std::uint64_t(1));
    exec::atomic_add(&corners[w], std::uint64_t(1));
  });
  const std::uint64_t sum = exec::reduce(
      space, n, std::uint64_t(0), PLEXUS_LAMBDA(std::size_t v) { return corners[v]; }, exec::plus{});
  result.total = sum / 3;
  result.seconds = clock.stop();
  result.per_vertex = corner_buffer.to_host();
  return result;
}

}  // namespace plexus::detail
