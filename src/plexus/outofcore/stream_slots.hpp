// stream_slots<Space>: the on-demand pipeline's buffers and its two queues.
//
// A slot holds one chunk twice: in pinned host memory, where the host gathers it, and in device
// memory, where the kernels read it. Chunk i goes to slot i mod B. Before the host refills a
// slot it waits until that slot's previous chunk, i - B, has been visited: both halves are
// then free, and the events timing its copy and its visit can be read without a wait. With
// B = 3 the host gathers chunk i while chunk i - 1 is copied and chunk i - 2 visited. The copy
// queue also waits on the device for that visit, and the process queue visits a chunk once
// its copy is done.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "plexus/core/timer.hpp"
#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/outofcore/chunk_visit.hpp"
#include "plexus/outofcore/engine.hpp"
#include "plexus/outofcore/footprint.hpp"
#include "plexus/outofcore/gather.hpp"

namespace plexus::outofcore {

/// Where a range chunk's arcs and weights lie in host memory (nullptr: in the staging).
struct chunk_range {
  const vertex_t* arcs = nullptr;
  const weight_t* weights = nullptr;
};

template <class Space>
class stream_slot {
 public:
  stream_slot(edge_t arcs, std::size_t segments, bool weights)
      : host_arcs_(arcs), host_weights_(weights ? arcs : 0), host_owners_(segments), host_starts_(segments + 1),
        arcs_(arcs), weights_(weights ? arcs : 0), owners_(segments), starts_(segments + 1), copy_start_(true),
        copied_(true), visit_start_(true), visited_(true) {}

  chunk_staging staging(bool weights) {
    return {host_arcs_.data(), weights ? host_weights_.data() : nullptr, host_owners_.data(), host_starts_.data()};
  }
  chunk_view view(edge_t arcs, std::size_t segments, bool weights) const {
    return {arcs_.data(), weights ? weights_.data() : nullptr, owners_.data(), starts_.data(), segments,
            static_cast<std::size_t>(arcs)};
  }

 private:
  template <class>
  friend class stream_slots;

  exec::pinned_buffer<Space, vertex_t> host_arcs_;
  exec::pinned_buffer<Space, weight_t> host_weights_;
  exec::pinned_buffer<Space, vertex_t> host_owners_;
  exec::pinned_buffer<Space, edge_t> host_starts_;
  exec::buffer<Space, vertex_t> arcs_;
  exec::buffer<Space, weight_t> weights_;
  exec::buffer<Space, vertex_t> owners_;
  exec::buffer<Space, edge_t> starts_;
  exec::event<Space> copy_start_, copied_, visit_start_, visited_;
  bool used_ = false;
};

template <class Space>
class stream_slots {
 public:
  /// `count` slots of `chunk_arcs` arcs and as many segments as footprint.hpp allows them.
  stream_slots(int count, edge_t chunk_arcs, bool weights)
      : chunk_arcs_(chunk_arcs), chunk_segments_(static_cast<std::size_t>(outofcore::chunk_segments(chunk_arcs))) {
    for (int i = 0; i < count; ++i)
      slots_.push_back(std::make_unique<stream_slot<Space>>(chunk_arcs, chunk_segments_, weights));
  }

  edge_t chunk_arcs() const { return chunk_arcs_; }
  std::size_t chunk_segments() const { return chunk_segments_; }
  const exec::queue<Space>& copy_queue() const { return copy_; }
  Space process_space() const { return process_.space(); }

  /// Starts an iteration's chunks after the work queued so far on `space` (the split, the
  /// resident kernel's launch): the copy queue may overwrite nothing those still read.
  void begin(const Space& space) {
    exec::event<Space> started;
    started.record(space);
    started.wait(copy_);
    next_ = 0;
  }

  /// The next slot, once its previous chunk was visited; adds that chunk's timings.
  stream_slot<Space>& next(iteration_stats& stats) {
    stream_slot<Space>& s = *slots_[next_++ % slots_.size()];
    if (s.used_) {
      const timer waiting;
      s.visited_.synchronize();
      stats.wait_seconds += waiting.seconds();
      collect(s, stats);
    }
    return s;
  }

  /// Queues the copy of the slot's chunk, its segments from the staging and its arcs (and
  /// weights) from `range` where a range chunk gives one (page-locked host memory), else from
  /// the staging too; returns the bytes it moves.
  std::uint64_t send(stream_slot<Space>& s, edge_t arcs, std::size_t segments, bool weights,
                     const chunk_range& range = {}) {
    if (s.used_) s.visited_.wait(copy_);
    s.copy_start_.record(copy_);
    copy_.copy_async(s.arcs_.data(), range.arcs ? range.arcs : s.host_arcs_.data(), arcs * sizeof(vertex_t));
    if (weights)
      copy_.copy_async(s.weights_.data(), range.weights ? range.weights : s.host_weights_.data(),
                       arcs * sizeof(weight_t));
    copy_.copy_async(s.owners_.data(), s.host_owners_.data(), segments * sizeof(vertex_t));
    copy_.copy_async(s.starts_.data(), s.host_starts_.data(), (segments + 1) * sizeof(edge_t));
    s.copied_.record(copy_);
    s.copied_.wait(process_);
    s.visit_start_.record(process_);
    return arcs * (sizeof(vertex_t) + (weights ? sizeof(weight_t) : 0)) + segments * sizeof(vertex_t) +
           (segments + 1) * sizeof(edge_t);
  }

  /// Marks the end of the slot's visit (queued on the process queue after `send`); without
  /// overlap the host waits for it.
  void processed(stream_slot<Space>& s, bool overlap) {
    s.visited_.record(process_);
    s.used_ = true;
    if (!overlap) process_.synchronize();
  }

  /// Ends the iteration's chunks: `space` waits for the last visit; the remaining timings are
  /// added to `stats`.
  void end(const Space& space, iteration_stats& stats) {
    exec::event<Space> done;
    done.record(process_);
    done.wait(space);
    process_.synchronize();
    for (auto& s : slots_)
      if (s->used_) {
        collect(*s, stats);
        s->used_ = false;
      }
  }

 private:
  void collect(stream_slot<Space>& s, iteration_stats& stats) {
    stats.copy_seconds += exec::event<Space>::seconds_between(s.copy_start_, s.copied_);
    stats.on_demand_seconds += exec::event<Space>::seconds_between(s.visit_start_, s.visited_);
  }

  edge_t chunk_arcs_;
  std::size_t chunk_segments_;
  std::vector<std::unique_ptr<stream_slot<Space>>> slots_;
  exec::queue<Space> copy_, process_;
  std::size_t next_ = 0;
};

}  // namespace plexus::outofcore
