// The hypergraph label propagation loop (hyper_lp.hpp), written
// once over an execution space and instantiated per back end (hyper_lp_instances.hpp). No back-end
// code: exec primitives and PLEXUS_LAMBDA lambdas only.
#pragma once

#include <cstdint>
#include <span>

#include "plexus/algorithms/hyper_lp/hyper_lp.hpp"
#include "plexus/algorithms/hyper_lp/bucketed_mode.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/operators/mode_vote.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/algorithms/hyper_lp/hyper_lp_verify.hpp"
#include "plexus/graph/input_order.hpp"

namespace plexus::detail {

template <class Space>
hyper_label_propagation_result hyper_lp_run(const device_hypergraph& graph,
                                            const hyper_label_propagation_options& options) {
  const Space space;
  const csr_view v2e = graph.vertex_to_edges();
  const csr_view e2v = graph.edge_to_vertices();
  const vertex_t n = graph.num_vertices();
  const hyperedge_t m = graph.num_hyperedges();
  const segment_buckets& vertex_buckets = graph.vertex_buckets();
  const segment_buckets& edge_buckets = graph.hyperedge_buckets();
  const bool repeated_pins = graph.has_repeated_pins();

  // Vertex labels are double-buffered: the vertex phase writes every visited vertex's label
  // into the other buffer and the changes are then counted by one reduction, rather than by an
  // atomic per changed vertex on a single counter (millions of them in the first iterations).
  exec::buffer<Space, vertex_t> vertex_label_buffer(n), next_label_buffer(n), edge_label_buffer(m);
  vertex_t* vertex_label = vertex_label_buffer.data();
  vertex_t* next_label = next_label_buffer.data();
  vertex_t* edge_label = edge_label_buffer.data();
  // Labels are held as ranks in the input's order (graph/input_order.hpp) and random ones are
  // drawn by original id, so neither the draws nor "the smallest label" on a tie depend on
  // how the hypergraph's vertices are numbered.
  const hypergraph& host = graph.host_hypergraph();
  const input_order order(host);
  if (options.initial_labels.empty()) {
    exec::buffer<Space, std::uint64_t> id_buffer;
    if (host.has_original_ids()) id_buffer.assign(host.original_ids());
    const std::uint64_t* ids = id_buffer.empty() ? nullptr : id_buffer.data();
    const std::uint64_t seed = options.seed;
    exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t v) {
      vertex_label[v] = verify::random_initial_label(seed, ids ? ids[v] : v, n);
    });
    space.synchronize();  // id_buffer is freed on leaving this block
  } else {
    host_vector<vertex_t> ranks(options.initial_labels.begin(), options.initial_labels.end());
    for (vertex_t& label : ranks) label = order.rank(label);
    vertex_label_buffer.assign(ranks);
    vertex_label = vertex_label_buffer.data();
  }
  // Vertices in no hyperedge are never written, so both buffers must start equal.
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t v) { next_label[v] = vertex_label[v]; });
  // Empty hyperedges are in no bucket, so they keep this value.
  edge_label_buffer.fill(invalid_vertex);
  mode_workspace<Space> work(space, vertex_buckets.max_length > edge_buckets.max_length
                                              ? vertex_buckets.max_length
                                              : edge_buckets.max_length);

  hyper_label_propagation_result result;
  const hyper_lp_phase_bytes counted = counted_hyper_lp_bytes(graph);
  result.edge_phase_bytes = counted.edge_phase;
  result.vertex_phase_bytes = counted.vertex_phase;
  exec::stopwatch<Space> total_clock(space), phase_clock(space);
  total_clock.start();
  double total = 0;
  while (n > 0 && result.iterations < options.max_iterations) {
    throw_if_stop_requested();
    ++result.iterations;
    phase_clock.start();
    // Edge phase. Pins of a hyperedge are sorted, so a repeated pin sits right after its
    // first occurrence and is told not to vote; without repeats in the hypergraph that check
    // (a second incidence load per pin) is skipped.
    bucketed_mode(
        space, work, edge_buckets, PLEXUS_LAMBDA(std::size_t h) { return e2v.degree(static_cast<vertex_t>(h)); },
        PLEXUS_LAMBDA(std::size_t h, std::size_t i) -> std::uint32_t {
          const edge_t e = e2v.begin(static_cast<vertex_t>(h)) + i;
          const vertex_t v = e2v.neighbor(e);
          return repeated_pins && i > 0 && e2v.neighbor(e - 1) == v ? operators::kNoVote : vertex_label[v];
        },
        PLEXUS_LAMBDA(std::size_t h, std::uint32_t best, std::uint32_t) { edge_label[h] = best; });
    result.edge_phase_seconds += phase_clock.stop();

    phase_clock.start();
    // Vertex phase: reads only hyperedge labels.
    bucketed_mode(
        space, work, vertex_buckets, PLEXUS_LAMBDA(std::size_t v) { return v2e.degree(static_cast<vertex_t>(v)); },
        PLEXUS_LAMBDA(std::size_t v, std::size_t i) -> std::uint32_t {
          const edge_t e = v2e.begin(static_cast<vertex_t>(v)) + i;
          const vertex_t h = v2e.neighbor(e);
          return repeated_pins && i > 0 && v2e.neighbor(e - 1) == h ? operators::kNoVote : edge_label[h];
        },
        PLEXUS_LAMBDA(std::size_t v, std::uint32_t best, std::uint32_t) { next_label[v] = best; });
    const vertex_t changed = static_cast<vertex_t>(exec::reduce(
        space, n, std::uint64_t(0),
        PLEXUS_LAMBDA(std::size_t v) { return std::uint64_t(next_label[v] != vertex_label[v]); }, exec::plus{}));
    result.vertex_phase_seconds += phase_clock.stop();
    vertex_label_buffer.swap(next_label_buffer);
    vertex_label = vertex_label_buffer.data();
    next_label = next_label_buffer.data();
    result.changed_last = changed;
    if (changed == 0 || static_cast<double>(changed) / n < options.tolerance) break;
  }
  total = total_clock.stop();
  result.seconds = total;
  result.vertex_labels = vertex_label_buffer.to_host();
  result.hyperedge_labels = edge_label_buffer.to_host();
  order.ranks_to_vertices(result.vertex_labels);
  order.ranks_to_vertices(result.hyperedge_labels);
  return result;
}

}  // namespace plexus::detail
