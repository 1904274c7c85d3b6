// The direction-optimizing BFS loop, written once over an execution space and instantiated
// per back end (bfs_instances.hpp). No back-end code:
// only frontiers, operators and exec primitives. See bfs.hpp for the contract.
#pragma once

#include <utility>

#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/bfs/bfs_direction.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/convert.hpp"
#include "plexus/operators/advance.hpp"

namespace plexus::detail {

template <class Space>
bfs_result bfs_run(const device_graph& graph, vertex_t source, const bfs_options& options) {
  const Space space;
  const csr_view out = graph.out_view();
  const bool can_pull = graph.has_in_edges();
  const csr_view in = can_pull ? graph.in_view() : csr_view{};
  const vertex_t n = out.num_vertices;

  exec::buffer<Space, vertex_t> depth_buffer(n), parent_buffer(n);
  depth_buffer.fill(unreached_depth);
  parent_buffer.fill(invalid_vertex);
  depth_buffer.set(source, 0);
  parent_buffer.set(source, source);
  vertex_t* depth = depth_buffer.data();
  vertex_t* parent = parent_buffer.data();

  sparse_frontier<Space> queue(n), next(n);
  operators::push_workspace<Space> work(n);
  bitmap_frontier<Space> front_bits, next_bits;
  if (can_pull && options.direction != direction_mode::push) {
    front_bits = bitmap_frontier<Space>(n);
    next_bits = bitmap_frontier<Space>(n);
  }
  const vertex_t first[1] = {source};
  queue.assign(first);

  const double alpha = options.alpha.value_or(default_bfs_alpha(Space::family));
  exec::stopwatch<Space> clock(space);
  clock.start();
  int iterations = 0;
  vertex_t level = 0;
  edge_t edges_to_check = out.num_edges;
  // Each push step tallies the degrees of the vertices it discovers into the next queue, so
  // one read after the step gives both the queue's size and its out-edges ("scout count"):
  // a single host round trip per step, and the scan for the load balancer runs unsynchronised.
  std::size_t queue_size = 1;
  edge_t scout = graph.host_graph().degree(source);
  work.prepare(space, out, queue, queue_size, scout, options.balance);
  bool just_pulled = false;
  while (queue_size > 0) {
    throw_if_stop_requested();
    const bool pull = bfs_pulls(options, can_pull, just_pulled, scout, edges_to_check, alpha);
    just_pulled = pull;
    if (pull) {
      // Bottom-up phase, as long as bfs_keeps_pulling says.
      to_bitmap(space, queue, queue_size, front_bits);
      std::size_t awake = queue_size, previous = 0;
      do {
        previous = awake;
        next_bits.clear();
        const vertex_t next_level = level + 1;
        awake = operators::advance_pull(
            space, in, front_bits, next_bits,
            PLEXUS_LAMBDA(vertex_t v) { return parent[v] == invalid_vertex; },
            PLEXUS_LAMBDA(vertex_t u, vertex_t v, edge_t, weight_t) {
              // Only v's thread writes v's entries in a pull step.
              parent[v] = u;
              depth[v] = next_level;
              return true;
            });
        ++level;
        ++iterations;
        front_bits.swap(next_bits);
      } while (bfs_keeps_pulling(options, awake, previous, static_cast<double>(n)));
      queue.clear();
      append_unordered(space, front_bits, queue);
      scout = work.prepare(space, out, queue);
      queue_size = work.frontier_size();
    } else {
      edges_to_check -= scout < edges_to_check ? scout : edges_to_check;
      next.clear();
      const vertex_t next_level = level + 1;
      const auto tally = next.view();
      operators::advance_push(
          space, out, queue, work, next, options.balance,
          PLEXUS_LAMBDA(vertex_t u, vertex_t v, edge_t, weight_t) {
            // The CAS on parent[v] elects exactly one discoverer of v.
            if (exec::atomic_load(&parent[v]) != invalid_vertex) return false;
            if (exec::atomic_cas(&parent[v], invalid_vertex, u) != invalid_vertex) return false;
            depth[v] = next_level;
            tally.add_tally(out.degree(v));
            return true;
          });
      ++level;
      ++iterations;
      queue.swap(next);
      const auto [size, edges] = queue.size_and_tally();
      queue_size = size;
      scout = static_cast<edge_t>(edges);
      if (queue_size > 0) work.prepare(space, out, queue, queue_size, scout, options.balance);
    }
  }
  bfs_result result;
  result.seconds = clock.stop();
  result.iterations = iterations;
  result.depth = depth_buffer.to_host();
  result.parent = parent_buffer.to_host();
  return result;
}

}  // namespace plexus::detail
