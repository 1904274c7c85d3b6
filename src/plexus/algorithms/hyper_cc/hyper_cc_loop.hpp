// The hypergraph connected components loop (hyper_cc.hpp), written once
// over an execution space and instantiated per back end (hyper_cc_instances.hpp). No back-end code.
#pragma once

#include "plexus/algorithms/hyper_cc/hyper_cc.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"
#include "plexus/exec/spread_counter.hpp"

namespace plexus::detail {

template <class Space>
hyper_components_result hyper_components_run(const device_hypergraph& graph, const hyper_components_options& options) {
  const Space space;
  const csr_view v2e = graph.vertex_to_edges();
  const csr_view e2v = graph.edge_to_vertices();
  const vertex_t n = graph.num_vertices();
  const hyperedge_t m = graph.num_hyperedges();
  exec::buffer<Space, vertex_t> vertex_label_buffer(n), edge_label_buffer(m);
  exec::spread_counter<Space> changed_counter;
  vertex_t* vertex_label = vertex_label_buffer.data();
  vertex_t* edge_label = edge_label_buffer.data();
  unsigned long long* changed = changed_counter.data();
  const vertex_t* incident = v2e.indices;

  hyper_components_result result;
  exec::stopwatch<Space> clock(space);
  clock.start();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t v) { vertex_label[v] = static_cast<vertex_t>(v); });
  for (;;) {
    throw_if_stop_requested();
    ++result.rounds;
    changed_counter.zero();
    // Every hyperedge takes the smallest label of its pins; an empty one gets the identity,
    // invalid_vertex, which is its final label.
    exec::segmented_reduce(
        space, m, e2v.offsets, PLEXUS_LAMBDA(edge_t e) { return vertex_label[e2v.indices[e]]; }, invalid_vertex,
        exec::minimum{}, PLEXUS_LAMBDA(std::size_t h, vertex_t smallest) { edge_label[h] = smallest; });
    // Every vertex takes the smallest of its label and its hyperedges' labels. Only hyperedge
    // labels are read here, so the update in place is race-free.
    exec::segmented_reduce(
        space, n, v2e.offsets, PLEXUS_LAMBDA(edge_t e) { return edge_label[incident[e]]; }, invalid_vertex,
        exec::minimum{}, PLEXUS_LAMBDA(std::size_t v, vertex_t smallest) {
          if (smallest < vertex_label[v]) {
            vertex_label[v] = smallest;
            exec::atomic_add_spread(changed, 1ull);
          }
        });
    if (options.pointer_jumping) {
      // label[v] <- label[label[v]]. Other threads lower entries concurrently: reads and
      // writes are atomic, and any value read is a vertex of v's component no larger than
      // the current label, so the minimum stays valid under every interleaving.
      exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t v) {
        const vertex_t parent = exec::atomic_load(&vertex_label[v]);
        const vertex_t grandparent = exec::atomic_load(&vertex_label[parent]);
        if (grandparent < parent && exec::atomic_min(&vertex_label[v], grandparent) > grandparent)
          exec::atomic_add_spread(changed, 1ull);
      });
    }
    if (changed_counter.value() == 0) break;
  }
  result.seconds = clock.stop();
  result.vertex_labels = vertex_label_buffer.to_host();
  result.hyperedge_labels = edge_label_buffer.to_host();
  return result;
}

}  // namespace plexus::detail
