// The distributed direction-optimizing BFS loop (bfs_dist.hpp), written once over an
// execution space and instantiated per back end (bfs_dist_instances.hpp). It is bfs_loop.hpp
// with the exchanges between steps and the figures it decides on summed over the ranks; no
// back-end code.
#pragma once

#include <array>
#include <cstdint>

#include "plexus/algorithms/bfs/bfs_direction.hpp"
#include "plexus/algorithms/bfs/bfs_dist.hpp"
#include "plexus/dist/ghost_sets.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/convert.hpp"
#include "plexus/operators/advance.hpp"

namespace plexus::detail {

/// The frontier's size and out-arcs (the scout count) over every rank.
struct frontier_totals {
  std::uint64_t size = 0, arcs = 0;

  /// One all-reduce of this rank's figures.
  static frontier_totals of(dist::communicator& comm, std::size_t size, edge_t arcs) {
    std::array<std::uint64_t, 2> totals{size, arcs};
    comm.all_reduce(std::span<std::uint64_t>(totals), dist::reduce_op::sum);
    return {totals[0], totals[1]};
  }
};

template <class Space>
bfs_dist_result bfs_dist_run(dist::communicator& comm, const dist::partition& part, const device_graph& graph,
                             vertex_t source, bool can_pull, const bfs_options& options) {
  const Space space;
  dist::ghost_exchange<Space> exchange(comm, part);
  const csr_view out = graph.out_view();
  const csr_view in = can_pull ? graph.in_view() : csr_view{};
  const vertex_t local = out.num_vertices, owned = part.num_owned();
  const double n = static_cast<double>(part.ranges().num_vertices());

  exec::buffer<Space, vertex_t> depth_buffer(local);
  depth_buffer.fill(unreached_depth);
  vertex_t* depth = depth_buffer.data();
  const bool mine = part.owns(source);
  sparse_frontier<Space> queue(owned), next(owned);
  operators::push_workspace<Space> work(owned);
  bitmap_frontier<Space> front_bits, next_bits, sent_ghosts(local);
  if (can_pull && options.direction != direction_mode::push) {
    front_bits = bitmap_frontier<Space>(local);
    next_bits = bitmap_frontier<Space>(local);
  }
  std::size_t local_size = 0;
  edge_t local_scout = 0;
  if (mine) {
    const vertex_t first[1] = {part.local_id(source)};
    depth_buffer.set(first[0], 0);
    queue.assign(first);
    local_size = 1;
    local_scout = graph.host_graph().degree(first[0]);
  }

  const double alpha = options.alpha.value_or(default_bfs_alpha(Space::family));
  exec::stopwatch<Space> clock(space);
  clock.start();
  int iterations = 0;
  vertex_t level = 0;
  edge_t edges_to_check = comm.all_reduce<std::uint64_t>(out.num_edges, dist::reduce_op::sum);
  frontier_totals frontier = frontier_totals::of(comm, local_size, local_scout);
  work.prepare(space, out, queue, local_size, local_scout, options.balance);
  bool just_pulled = false;
  while (frontier.size > 0) {
    // The single-device loop's decision, on the totals every rank shares.
    const bool pull = bfs_pulls(options, can_pull, just_pulled, frontier.arcs, edges_to_check, alpha);
    just_pulled = pull;
    if (pull) {
      // Bottom-up phase, as long as bfs_keeps_pulling says.
      to_bitmap(space, queue, local_size, front_bits);
      std::uint64_t awake = frontier.size, previous = 0;
      bool again = true;
      while (again) {
        // The ghost bits of the frontier come from their owners before each step.
        dist::broadcast_set_to_ghosts(exchange, front_bits.data());
        previous = awake;
        next_bits.clear();
        const vertex_t next_level = level + 1;
        // Assigned, not initialised: nvcc 13 stops with an internal error on a const
        // initialised by a call that takes extended lambdas.
        std::size_t woken = 0;
        woken = operators::advance_pull(
            space, in, front_bits, next_bits,
            PLEXUS_LAMBDA(vertex_t v) { return depth[v] == unreached_depth; },
            PLEXUS_LAMBDA(vertex_t, vertex_t v, edge_t, weight_t) {
              // Only v's thread writes v's depth in a pull step, and only owned vertices have
              // in-lists.
              depth[v] = next_level;
              return true;
            });
        ++level;
        ++iterations;
        front_bits.swap(next_bits);
        awake = comm.all_reduce<std::uint64_t>(woken, dist::reduce_op::sum);
        again = bfs_keeps_pulling(options, awake, previous, n);
      }
      // Only owned bits are set: ghost bits arrive at the start of a step.
      queue.clear();
      append_unordered(space, front_bits, queue);
      local_scout = work.prepare(space, out, queue);
      local_size = work.frontier_size();
      frontier = frontier_totals::of(comm, local_size, local_scout);
    } else {
      edges_to_check -= frontier.arcs < edges_to_check ? frontier.arcs : edges_to_check;
      next.clear();
      sent_ghosts.clear();
      const vertex_t next_level = level + 1;
      const auto tally = next.view();
      const auto ghost_marks = sent_ghosts.view();
      operators::advance_push(
          space, out, queue, work, next, options.balance,
          PLEXUS_LAMBDA(vertex_t, vertex_t v, edge_t, weight_t) {
            // The CAS on depth[v] elects exactly one discoverer of v. A
            // ghost claimed here is sent to its owner once, this step.
            if (exec::atomic_load(&depth[v]) != unreached_depth) return false;
            if (exec::atomic_cas(&depth[v], unreached_depth, next_level) != unreached_depth) return false;
            if (v >= owned) {
              ghost_marks.set(v);
              return false;
            }
            tally.add_tally(out.degree(v));
            return true;
          });
      // Owners claim what other ranks discovered, as the push claims its own.
      dist::reduce_set_to_owners(
          exchange, sent_ghosts.data(), PLEXUS_LAMBDA(vertex_t v) {
            if (exec::atomic_load(&depth[v]) != unreached_depth) return;
            if (exec::atomic_cas(&depth[v], unreached_depth, next_level) != unreached_depth) return;
            tally.push(v);
            tally.add_tally(out.degree(v));
          });
      ++level;
      ++iterations;
      queue.swap(next);
      const auto [size, edges] = queue.size_and_tally();
      local_size = size;
      local_scout = static_cast<edge_t>(edges);
      frontier = frontier_totals::of(comm, local_size, local_scout);
      // Prepared even when empty here: the ranks go on while any frontier is not.
      work.prepare(space, out, queue, local_size, local_scout, options.balance);
    }
  }
  bfs_dist_result result;
  result.seconds = clock.stop();
  result.iterations = iterations;
  result.depth = depth_buffer.to_host(owned);
  result.exchange = exchange.stats();
  return result;
}

}  // namespace plexus::detail
