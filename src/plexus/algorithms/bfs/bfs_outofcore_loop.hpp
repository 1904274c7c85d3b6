// The level-synchronous push BFS of bfs_outofcore.hpp, written once over an execution space
// and instantiated per back end (bfs_outofcore_instances.hpp).
//
// Level d visits every arc u -> v of the vertices at depth d (the active bitmap), wherever the
// engine keeps u's list, and claims each unreached v with a compare-and-swap on its parent, so
// exactly one visit sets v's depth to d + 1 and its bit in the next bitmap. Visits of the
// resident lists and of the fetched chunks run concurrently; both only read depth d vertices'
// lists and only write depth d + 1, so which finishes first changes no depth.
#pragma once

#include "plexus/algorithms/bfs/bfs_outofcore.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/bitmap_frontier.hpp"
#include "plexus/outofcore/edge_stream.hpp"
#include "plexus/outofcore/session.hpp"

namespace plexus::detail {

template <class Space>
bfs_result bfs_outofcore_run(const csr_graph& graph, vertex_t source,
                             const outofcore::engine_options& options, outofcore::engine_report& report) {
  const Space space;
  const vertex_t n = graph.num_vertices();
  // Depth and parent (8 bytes) and two bitmaps (n / 4 bytes, rounded up to 1 per vertex).
  outofcore::engine_session<Space> session(graph.out(), 9, sizeof(vertex_t),
                                           outofcore::kDefaultActiveFraction, outofcore::stream_use::visit,
                                           options, report);
  outofcore::edge_stream<Space> arcs(space, graph.out(), false, options, report);
  exec::buffer<Space, vertex_t> depth_buffer(n), parent_buffer(n);
  depth_buffer.fill(unreached_depth);
  parent_buffer.fill(invalid_vertex);
  depth_buffer.set(source, 0);
  parent_buffer.set(source, source);
  vertex_t* depth = depth_buffer.data();
  vertex_t* parent = parent_buffer.data();
  bitmap_frontier<Space> active(n), next(n);
  {
    const auto start = active.view();
    exec::for_each(
        space, 1, PLEXUS_LAMBDA(std::size_t) { start.set(source); });
  }
  bfs_result result;
  exec::stopwatch<Space> clock(space);
  clock.start();
  for (vertex_t level = 0;; ++level) {
    throw_if_stop_requested();
    next.clear();
    const vertex_t next_level = level + 1;
    const auto discovered = next.view();
    const outofcore::iteration_stats stats = arcs.visit_active(
        space, active.data(), PLEXUS_LAMBDA(vertex_t u, vertex_t v, weight_t) {
          // The compare-and-swap on parent[v] elects exactly one discoverer of v.
          if (exec::atomic_load(&parent[v]) != invalid_vertex) return;
          if (exec::atomic_cas(&parent[v], invalid_vertex, u) != invalid_vertex) return;
          depth[v] = next_level;
          discovered.set(v);
        });
    if (stats.active_vertices == 0) break;
    session.add(stats);
    ++result.iterations;
    active.swap(next);
  }
  result.seconds = clock.stop();
  session.finish(result.seconds);
  result.depth = depth_buffer.to_host();
  result.parent = parent_buffer.to_host();
  return result;
}

}  // namespace plexus::detail
