// The hypergraph BFS loop (hyper_bfs.hpp), written once over an execution space
// and instantiated per back end (hyper_bfs_instances.hpp). No back-end code: frontiers, the advance operator and
// PLEXUS_LAMBDA lambdas only.
#pragma once

#include "plexus/algorithms/hyper_bfs/hyper_bfs.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/operators/advance.hpp"

namespace plexus::detail {

template <class Space>
hyper_bfs_result hyper_bfs_run(const device_hypergraph& graph, vertex_t source, const hyper_bfs_options& options) {
  const Space space;
  const csr_view v2e = graph.vertex_to_edges();
  const csr_view e2v = graph.edge_to_vertices();
  const vertex_t n = graph.num_vertices();
  const hyperedge_t m = graph.num_hyperedges();
  exec::buffer<Space, vertex_t> vertex_depth_buffer(n), vertex_parent_buffer(n), edge_depth_buffer(m),
      edge_parent_buffer(m);
  vertex_t* vertex_depth = vertex_depth_buffer.data();
  vertex_t* vertex_parent = vertex_parent_buffer.data();
  vertex_t* edge_depth = edge_depth_buffer.data();
  vertex_t* edge_parent = edge_parent_buffer.data();
  sparse_frontier<Space> vertices(n), next_vertices(n), edges(m > 0 ? m : 1);
  operators::push_workspace<Space> vertex_work(n), edge_work(m > 0 ? m : 1);

  hyper_bfs_result result;
  exec::stopwatch<Space> clock(space);
  clock.start();
  vertex_depth_buffer.fill(invalid_vertex);
  vertex_parent_buffer.fill(invalid_vertex);
  edge_depth_buffer.fill(invalid_vertex);
  edge_parent_buffer.fill(invalid_vertex);
  vertex_depth_buffer.set(source, 0);
  vertex_parent_buffer.set(source, source);
  const vertex_t start[1] = {source};
  vertices.assign(start);
  std::size_t size = 1;
  vertex_t level = 0;
  result.reached_vertices = 1;
  while (size > 0) {
    throw_if_stop_requested();
    ++result.levels;
    const vertex_t depth = level + 1;
    if (vertex_work.prepare(space, v2e, vertices) == 0) break;
    edges.clear();
    // The CAS elects one discoverer per hyperedge: it alone records the parent and pushes it.
    operators::advance_push(space, v2e, vertices, vertex_work, edges, options.balance,
                            PLEXUS_LAMBDA(vertex_t u, vertex_t h, edge_t, weight_t) {
                              if (exec::atomic_cas(&edge_depth[h], invalid_vertex, depth) != invalid_vertex)
                                return false;
                              edge_parent[h] = u;
                              return true;
                            });
    const std::size_t edge_count = edges.size();
    result.reached_hyperedges += static_cast<hyperedge_t>(edge_count);
    if (edge_count == 0) break;
    edge_work.prepare(space, e2v, edges);
    next_vertices.clear();
    operators::advance_push(space, e2v, edges, edge_work, next_vertices, options.balance,
                            PLEXUS_LAMBDA(vertex_t h, vertex_t v, edge_t, weight_t) {
                              if (exec::atomic_cas(&vertex_depth[v], invalid_vertex, depth) != invalid_vertex)
                                return false;
                              vertex_parent[v] = h;
                              return true;
                            });
    size = next_vertices.size();
    result.reached_vertices += static_cast<vertex_t>(size);
    vertices.swap(next_vertices);
    level = depth;
  }
  result.seconds = clock.stop();
  result.vertex_depth = vertex_depth_buffer.to_host();
  result.vertex_parent = vertex_parent_buffer.to_host();
  result.hyperedge_depth = edge_depth_buffer.to_host();
  result.hyperedge_parent = edge_parent_buffer.to_host();
  return result;
}

}  // namespace plexus::detail
