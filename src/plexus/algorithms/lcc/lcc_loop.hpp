// The local clustering coefficient (see lcc.hpp), written once over an execution space and
// instantiated per back end (lcc_instances.hpp). No back-end code: exec primitives, the
// segmented reduction and the intersect operators only.
#pragma once

#include <cstddef>

#include "plexus/algorithms/lcc/lcc.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"
#include "plexus/operators/intersect.hpp"
#include "plexus/operators/self_loops.hpp"

namespace plexus::detail {

/// Calls f(x) for every x of N(v) = (out(v) ∪ in(v)) \ {v}, ascending, each once: a merge of
/// the two sorted rows (of the out-row alone when `with_in` is false).
template <class F>
PLEXUS_HOST_DEVICE inline void each_neighbour(const csr_view& out, const csr_view& in, bool with_in, vertex_t v,
                                              F&& f) {
  edge_t i = out.begin(v), j = with_in ? in.begin(v) : 0;
  const edge_t out_end = out.end(v), in_end = with_in ? in.end(v) : 0;
  vertex_t last = invalid_vertex;
  while (i < out_end || j < in_end) {
    const bool take_out = j >= in_end || (i < out_end && out.indices[i] <= in.indices[j]);
    const vertex_t x = take_out ? out.indices[i++] : in.indices[j++];
    if (x != v && x != last) f(x);
    last = x;
  }
}

/// The rows N(v) as a CSR in the space's memory.
template <class Space>
struct neighbourhood_lists {
  exec::buffer<Space, edge_t> offsets;
  exec::buffer<Space, vertex_t> indices;
  csr_view view(vertex_t n) const { return csr_view{n, indices.size(), offsets.data(), indices.data(), nullptr}; }
};

template <class Space>
neighbourhood_lists<Space> build_neighbourhoods(const Space& space, const csr_view& out, const csr_view& in,
                                                bool with_in) {
  const vertex_t n = out.num_vertices;
  neighbourhood_lists<Space> lists;
  lists.offsets.resize(static_cast<std::size_t>(n) + 1);
  edge_t* offsets = lists.offsets.data();
  exec::for_each(space, static_cast<std::size_t>(n) + 1, PLEXUS_LAMBDA(std::size_t i) {
    edge_t size = 0;
    if (i < n) each_neighbour(out, in, with_in, static_cast<vertex_t>(i), [&](vertex_t) { ++size; });
    offsets[i] = size;
  });
  exec::exclusive_scan(space, offsets, offsets, static_cast<std::size_t>(n) + 1);
  lists.indices.resize(lists.offsets.get(n));
  vertex_t* indices = lists.indices.data();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t v) {
    edge_t at = offsets[v];
    each_neighbour(out, in, with_in, static_cast<vertex_t>(v), [&](vertex_t x) { indices[at++] = x; });
  });
  space.synchronize();
  return lists;
}

template <class Space>
lcc_result lcc_run(const device_graph& graph, const lcc_options& options) {
  const Space space;
  const csr_view out = graph.out_view();
  const vertex_t n = out.num_vertices;
  lcc_result result;
  if (n == 0) return result;
  const bool directed = graph.host_graph().directed();
  // Depends on the graph only, like the buffers: built before the clock starts.
  const operators::self_loop_flags<Space> loops(space, out);
  const unsigned char* loop = loops.flags();
  exec::buffer<Space, double> coefficient_buffer(n);
  double* coefficient = coefficient_buffer.data();

  exec::stopwatch<Space> clock(space);
  clock.start();
  // An undirected graph without loops lists N(v) already.
  neighbourhood_lists<Space> lists;
  const bool own_lists = directed || loop != nullptr;
  if (own_lists) lists = build_neighbourhoods(space, out, graph.in_view(), directed);
  const csr_view hood = own_lists ? lists.view(n) : out;
  result.neighbourhood_arcs = hood.num_edges;

  // links[e] for arc v -> u of the lists: the arcs from u to members of N(v), which never
  // holds v. Undirected, those are N(u) ∩ N(v) in the lists themselves, symmetric, so a back
  // end may intersect each pair once. Directed, the out-row of u is read, where u's own loop
  // is the one arc (u, u) the intersection may meet.
  exec::buffer<Space, vertex_t> source_buffer(hood.num_edges), links_buffer(hood.num_edges);
  vertex_t* links = links_buffer.data();
  operators::arc_sources(space, hood, source_buffer.data());
  if (!directed)
    operators::intersect_arcs_symmetric(space, hood, source_buffer.data(), options.method,
                                        PLEXUS_LAMBDA(edge_t e, vertex_t, vertex_t, edge_t common) {
                                          links[e] = static_cast<vertex_t>(common);
                                        });
  else
    operators::intersect_arcs(space, hood, out, source_buffer.data(), options.method,
                              PLEXUS_LAMBDA(edge_t e, vertex_t, vertex_t u, edge_t common) {
                                links[e] = static_cast<vertex_t>(loop ? common - loop[u] : common);
                              });
  exec::segmented_reduce(
      space, n, hood.offsets, PLEXUS_LAMBDA(edge_t e)->edge_t { return links[e]; }, edge_t(0), exec::plus{},
      PLEXUS_LAMBDA(std::size_t v, edge_t sum) {
        const double k = static_cast<double>(hood.degree(static_cast<vertex_t>(v)));
        coefficient[v] = k < 2 ? 0.0 : static_cast<double>(sum) / (k * (k - 1));
      });
  const double total = exec::reduce(
      space, n, 0.0, PLEXUS_LAMBDA(std::size_t v) { return coefficient[v]; }, exec::plus{});
  result.seconds = clock.stop();
  result.average = total / static_cast<double>(n);
  result.coefficient = coefficient_buffer.to_host();
  return result;
}

}  // namespace plexus::detail
