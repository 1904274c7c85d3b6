// The frontier Bellman-Ford of sssp_outofcore.hpp, written once over an execution space and
// instantiated per back end (sssp_outofcore_instances.hpp).
//
// State per vertex: the distance of sssp_state.hpp, lowered by a compare-and-swap. Round r
// relaxes every arc of the vertices lowered in round r - 1 (the active bitmap); a vertex
// lowered now, by a resident list or by a chunk, enters the next bitmap. Reads of a distance
// may see a value lowered in the same round: every value a relaxation reads is a path sum, so
// the loop still ends at the smallest path sums, when a round lowers nothing.
#pragma once

#include <limits>

#include "plexus/algorithms/sssp/sssp_outofcore.hpp"
#include "plexus/algorithms/sssp/sssp_state.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/bitmap_frontier.hpp"
#include "plexus/outofcore/edge_stream.hpp"
#include "plexus/outofcore/session.hpp"

namespace plexus::detail {

template <class Space>
sssp_result sssp_outofcore_run(const csr_graph& graph, vertex_t source, const outofcore::engine_options& options,
                               outofcore::engine_report& report) {
  const Space space;
  const vertex_t n = graph.num_vertices();
  const std::size_t arc_bytes = sizeof(vertex_t) + (graph.weighted() ? sizeof(weight_t) : 0);
  // The state (4 bytes) and two bitmaps (rounded up to 1 byte per vertex).
  outofcore::engine_session<Space> session(graph.out(), 5, arc_bytes, outofcore::kDefaultActiveFraction,
                                           outofcore::stream_use::visit, options,
                                           report);
  outofcore::edge_stream<Space> arcs(space, graph.out(), true, options, report);
  exec::buffer<Space, sssp_state> state_buffer(n);
  state_buffer.fill(pack_state(std::numeric_limits<weight_t>::infinity()));
  state_buffer.set(source, pack_state(0));
  sssp_state* state = state_buffer.data();
  bitmap_frontier<Space> active(n), next(n);
  {
    const auto start = active.view();
    exec::for_each(space, 1, PLEXUS_LAMBDA(std::size_t) { start.set(source); });
  }
  sssp_result result;
  exec::stopwatch<Space> clock(space);
  clock.start();
  while (true) {
    throw_if_stop_requested();
    next.clear();
    const auto lowered = next.view();
    const outofcore::iteration_stats stats =
        arcs.visit_active(space, active.data(), PLEXUS_LAMBDA(vertex_t u, vertex_t v, weight_t w) {
          const weight_t candidate = state_distance(exec::atomic_load(&state[u])) + w;
          if (relax(&state[v], candidate)) lowered.set(v);
        });
    if (stats.active_vertices == 0) break;
    session.add(stats);
    ++result.iterations;
    active.swap(next);
  }
  result.seconds = clock.stop();
  session.finish(result.seconds);
  const host_vector<sssp_state> packed = state_buffer.to_host();
  result.distance.resize(n);
#pragma omp parallel for schedule(static)
  for (vertex_t v = 0; v < n; ++v) result.distance[v] = state_distance(packed[v]);
  return result;
}

}  // namespace plexus::detail
