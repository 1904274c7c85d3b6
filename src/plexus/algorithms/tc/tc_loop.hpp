// The triangle-counting loop, written once over an execution space and instantiated per
// back end (tc_instances.hpp). No
// back-end code: exec primitives and the orient and intersect operators only. See tc.hpp.
#pragma once

#include <cstdint>

#include "plexus/algorithms/tc/tc.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/operators/intersect.hpp"
#include "plexus/operators/orient.hpp"

namespace plexus::detail {

template <class Space>
triangle_result triangle_count_run(const device_graph& graph, const triangle_options& options) {
  const Space space;
  const csr_view g = graph.out_view();
  const vertex_t n = g.num_vertices;
  triangle_result result;
  exec::stopwatch<Space> clock(space), orient_clock(space);
  clock.start();
  orient_clock.start();
  const operators::oriented_graph<Space> o = operators::orient_by_degree(space, g);
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
