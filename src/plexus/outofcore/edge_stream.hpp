// edge_stream<Space>: every arc of every active vertex, once per iteration, wherever the arcs
// live (engine.hpp). The algorithms' out-of-core loops are written against it.
//
//   edge_stream<Space> arcs(space, graph, weights, options, report);
//   iteration_stats s = arcs.visit_active(space, active_words, visit);  // visit(u, v, w)
//
// The lists of resident vertices (a bit in resident_words()) are read where they lie: the
// static prefix in device memory (out-of-core), the whole graph in host memory through a
// mapping (zero-copy), in managed memory (managed), or in device memory (in-memory). The
// others are fetched: the split (active_split.hpp) lists them, the host reads the list back,
// cuts it into chunks and gathers them (gather.hpp) into pinned staging slots; each slot is
// copied on the copy queue into a device slot, and visited (chunk_visit.hpp) on the process
// queue, while the kernel over resident lists runs on the space's own stream. With B slots,
// the gather of chunk i + 1, the copy of chunk i and the visit of chunk i - 1 overlap, and the
// host waits only for a slot's previous copy before refilling it: no device-wide
// synchronisation inside an iteration (OneGraph §3.2 overlapped only the static kernel with
// the gather; Ascetic then copied and processed chunk after chunk from pageable memory).
// `visit` runs concurrently on both queues and must make its own updates safe (atomics).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "plexus/core/timer.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/operators/advance.hpp"
#include "plexus/outofcore/active_split.hpp"
#include "plexus/outofcore/chunk_visit.hpp"
#include "plexus/outofcore/engine.hpp"
#include "plexus/outofcore/gather.hpp"
#include "plexus/outofcore/resident_arcs.hpp"

namespace plexus::outofcore {

template <class Space>
class edge_stream {
 public:
  /// Places `graph` (its out-CSR) for `options.engine` under the plan in `report`, and keeps
  /// weights when `with_weights`. The graph must outlive the stream.
  edge_stream(const Space& space, const csr_arrays& graph, bool with_weights, const engine_options& options,
              engine_report& report)
      : graph_(graph),
        with_weights_(with_weights && !graph.weights.empty()),
        options_(options),
        resident_(space, graph, with_weights_, options, report),
        split_(graph.num_vertices()),
        static_frontier_(resident_.vertices()),
        no_output_(0),
        on_demand_list_(graph.num_vertices() - resident_.vertices()),
        work_(resident_.vertices()) {
    const edge_t chunk_arcs = report.plan.chunk_edges;
    if (resident_.vertices() < graph.num_vertices() && chunk_arcs > 0) {
      for (int b = 0; b < options.buffers; ++b) slots_.emplace_back(chunk_arcs, with_weights_);
      on_demand_ids_ = exec::pinned_buffer<Space, vertex_t>(graph.num_vertices() - resident_.vertices());
    }
    chunk_arcs_ = chunk_arcs;
  }

  /// Bit v set when v's list is read in place.
  const bitmap_word* resident_words() const { return resident_.words(); }

  template <class Visit>
  iteration_stats visit_active(const Space& space, const bitmap_word* active, Visit visit) {
    iteration_stats stats;
    timer wall;
    split_.run(space, active, resident_.words(), static_frontier_.data(), on_demand_list_.data());
    stats.active_vertices = split_.static_size() + split_.on_demand_size();
    // Resident lists, on the space's own stream.
    exec::event<Space> static_start(true), static_stop(true);
    if (split_.static_size() > 0) {
      static_frontier_.set_size(split_.static_size());
      stats.static_arcs = work_.prepare(space, resident_.view(), static_frontier_);
      static_start.record(space);
      operators::advance_push(space, resident_.view(), static_frontier_, work_, no_output_, options_.balance,
                              PLEXUS_LAMBDA(vertex_t u, vertex_t v, edge_t, weight_t w) {
                                visit(u, v, w);
                                return false;
                              });
      static_stop.record(space);
      if (!options_.overlap) space.synchronize();
    }
    if (split_.on_demand_size() > 0) fetch_on_demand(space, visit, stats);
    if (split_.static_size() > 0) stats.static_seconds = exec::event<Space>::seconds_between(static_start, static_stop);
    space.synchronize();
    stats.active_arcs = stats.static_arcs + stats.on_demand_arcs;
    stats.wall_seconds = wall.seconds();
    return stats;
  }

 private:
  /// One pipeline slot: a chunk's parts in pinned host memory and in device memory, and the
  /// events that order its reuse.
  struct slot {
    slot(edge_t arcs, bool weights)
        : host_arcs(arcs), host_weights(weights ? arcs : 0), host_owners(arcs), host_starts(arcs + 1),
          arcs(arcs), weights(weights ? arcs : 0), owners(arcs), starts(arcs + 1), copy_start(true),
          copied(true), visit_start(true), visited(true) {}
    exec::pinned_buffer<Space, vertex_t> host_arcs;
    exec::pinned_buffer<Space, weight_t> host_weights;
    exec::pinned_buffer<Space, vertex_t> host_owners;
    exec::pinned_buffer<Space, std::uint32_t> host_starts;
    exec::buffer<Space, vertex_t> arcs;
    exec::buffer<Space, weight_t> weights;
    exec::buffer<Space, vertex_t> owners;
    exec::buffer<Space, std::uint32_t> starts;
    exec::event<Space> copy_start, copied, visit_start, visited;
    bool used = false;
  };

  template <class Visit>
  void fetch_on_demand(const Space& space, Visit visit, iteration_stats& stats) {
    // The list of vertices to fetch, read back once per iteration.
    const std::size_t count = split_.on_demand_size();
    exec::event<Space> listed;
    listed.record(space);
    listed.wait(copy_queue_);
    copy_queue_.copy_async(on_demand_ids_.data(), on_demand_list_.data(), count * sizeof(vertex_t));
    copy_queue_.synchronize();
    timer planning;
    lists_.plan(std::span<const vertex_t>(on_demand_ids_.data(), count), graph_.offsets, chunk_arcs_);
    stats.gather_seconds += planning.seconds();
    stats.on_demand_arcs = lists_.total_arcs();
    stats.chunks = lists_.chunks();
    const Space process = process_queue_.space();
    for (std::size_t c = 0; c < lists_.chunks(); ++c) {
      slot& s = slots_[c % slots_.size()];
      if (s.used) {  // the slot's pinned memory is free once its last copy is done
        s.copied.synchronize();
        stats.copy_seconds += exec::event<Space>::seconds_between(s.copy_start, s.copied);
        stats.on_demand_seconds += exec::event<Space>::seconds_between(s.visit_start, s.visited);
      }
      timer gathering;
      const on_demand_lists::chunk part = lists_.chunk_at(c);
      lists_.gather(c, graph_.offsets, graph_.indices, graph_.weights,
                    {s.host_arcs.data(), with_weights_ ? s.host_weights.data() : nullptr, s.host_owners.data(),
                     s.host_starts.data()});
      stats.gather_seconds += gathering.seconds();
      // The device slot is free once its previous chunk was visited.
      if (s.used) s.visited.wait(copy_queue_);
      s.copy_start.record(copy_queue_);
      copy_queue_.copy_async(s.arcs.data(), s.host_arcs.data(), part.arcs * sizeof(vertex_t));
      if (with_weights_) copy_queue_.copy_async(s.weights.data(), s.host_weights.data(), part.arcs * sizeof(weight_t));
      copy_queue_.copy_async(s.owners.data(), s.host_owners.data(), part.segments * sizeof(vertex_t));
      copy_queue_.copy_async(s.starts.data(), s.host_starts.data(), (part.segments + 1) * sizeof(std::uint32_t));
      s.copied.record(copy_queue_);
      stats.copied_bytes += part.arcs * (sizeof(vertex_t) + (with_weights_ ? sizeof(weight_t) : 0)) +
                            part.segments * sizeof(vertex_t) + (part.segments + 1) * sizeof(std::uint32_t);
      s.copied.wait(process_queue_);
      s.visit_start.record(process_queue_);
      visit_chunk(process, chunk_view{s.arcs.data(), with_weights_ ? s.weights.data() : nullptr, s.owners.data(),
                                      s.starts.data(), part.segments, part.arcs},
                  visit);
      s.visited.record(process_queue_);
      s.used = true;
      if (!options_.overlap) process_queue_.synchronize();
    }
    // The iteration ends when the last chunk is visited: the space's stream waits for it.
    exec::event<Space> done;
    done.record(process_queue_);
    done.wait(space);
    process_queue_.synchronize();
    for (slot& s : slots_)
      if (s.used) {
        stats.copy_seconds += exec::event<Space>::seconds_between(s.copy_start, s.copied);
        stats.on_demand_seconds += exec::event<Space>::seconds_between(s.visit_start, s.visited);
        s.used = false;
      }
  }

  const csr_arrays& graph_;
  bool with_weights_;
  engine_options options_;
  resident_arcs<Space> resident_;
  active_split<Space> split_;
  sparse_frontier<Space> static_frontier_, no_output_;
  exec::buffer<Space, vertex_t> on_demand_list_;
  operators::push_workspace<Space> work_;
  edge_t chunk_arcs_ = 0;
  std::vector<slot> slots_;
  exec::pinned_buffer<Space, vertex_t> on_demand_ids_;
  on_demand_lists lists_;
  exec::queue<Space> copy_queue_, process_queue_;
};

}  // namespace plexus::outofcore
