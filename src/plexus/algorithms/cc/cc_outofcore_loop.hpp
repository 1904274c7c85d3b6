// The min-label propagation of cc_outofcore.hpp, written once over an execution space and
// instantiated per back end (cc_outofcore_instances.hpp).
//
// Invariant: a label only falls, and always to the id of a vertex of the same component, so
// when a round lowers nothing every vertex holds its component's smallest id. atomic_min makes
// concurrent pushes to one target (from a resident list and from a chunk) keep the smaller.
#pragma once

#include "plexus/algorithms/cc/cc_outofcore.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/bitmap_frontier.hpp"
#include "plexus/outofcore/edge_stream.hpp"
#include "plexus/outofcore/session.hpp"

namespace plexus::detail {

template <class Space>
cc_result cc_outofcore_run(const csr_graph& graph, const outofcore::engine_options& options,
                           outofcore::engine_report& report) {
  const Space space;
  const vertex_t n = graph.num_vertices();
  // Labels (4 bytes) and two bitmaps (rounded up to 1 byte per vertex). Every vertex starts
  // active, but most settle in the first rounds: OneGraph's estimate of the active share holds.
  outofcore::engine_session<Space> session(graph.out(), 5, sizeof(vertex_t), outofcore::kDefaultActiveFraction, outofcore::stream_use::visit,
                                           options, report);
  outofcore::edge_stream<Space> arcs(space, graph.out(), false, options, report);
  exec::buffer<Space, vertex_t> label_buffer(n);
  vertex_t* label = label_buffer.data();
  bitmap_frontier<Space> active(n), next(n);
  {
    auto* words = active.data();
    const std::size_t num_words = active.num_words();
    exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t v) { label[v] = static_cast<vertex_t>(v); });
    exec::for_each(space, num_words, PLEXUS_LAMBDA(std::size_t i) {
      const std::size_t left = static_cast<std::size_t>(n) - i * 64;
      words[i] = left >= 64 ? ~0ull : (1ull << left) - 1;
    });
  }
  cc_result result;
  exec::stopwatch<Space> clock(space);
  clock.start();
  while (true) {
    throw_if_stop_requested();
    next.clear();
    const auto lowered = next.view();
    const outofcore::iteration_stats stats =
        arcs.visit_active(space, active.data(), PLEXUS_LAMBDA(vertex_t u, vertex_t v, weight_t) {
          const vertex_t mine = exec::atomic_load(&label[u]);
          if (mine < exec::atomic_load(&label[v]) && mine < exec::atomic_min(&label[v], mine)) lowered.set(v);
        });
    if (stats.active_vertices == 0) break;
    session.add(stats);
    ++result.iterations;
    active.swap(next);
  }
  result.seconds = clock.stop();
  session.finish(result.seconds);
  result.label = label_buffer.to_host();
  std::uint64_t roots = 0;
#pragma omp parallel for reduction(+ : roots)
  for (vertex_t v = 0; v < n; ++v) roots += result.label[v] == v;
  result.num_components = roots;
  return result;
}

}  // namespace plexus::detail
