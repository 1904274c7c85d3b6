// edge_stream<Space>: the arcs of the active vertices, once per iteration, wherever the engine
// keeps them (engine.hpp). The algorithms' out-of-core loops are written against it.
//
//   edge_stream<Space> arcs(space, graph, weights, options, report);
//   arcs.visit_active(space, active_words, visit);    // visit(u, v, w) per arc u -> v
//   arcs.reduce_all(space, value, init, op, out);      // out(u, reduction of value(v, w))
//
// visit_active serves push algorithms: every arc of every vertex whose bit is set in the
// active bitmap. reduce_all serves pull algorithms over an in-CSR with every vertex active: it
// reduces value(v, w) over each vertex u's arcs u -> v and calls out(u, partial) once for a
// resident list and once per piece for a fetched one, the pieces of a list in order and never
// concurrently (a list has at most one piece per chunk, and chunks are visited in order on one
// queue), so out may add a piece to an accumulator without an atomic.
//
// The lists of resident vertices (resident_arcs.hpp) are read where they lie. The others are
// fetched: the split (active_split.hpp) lists them and the host reads the list back (under
// reduce_all they are simply every vertex past the resident prefix), cuts it into chunks and
// gathers them (gather.hpp) into pinned staging slots; each slot is copied on the copy queue
// into a device slot and visited on the process queue, while the kernel over resident lists
// runs on the space's own stream. With B slots the gather of chunk i + 1, the copy of chunk i
// and the visit of chunk i - 1 overlap (a range chunk skips the gather: its arcs are copied
// from the CSR itself, page-locked at the start), and the host waits only for a slot's previous copy
// before refilling it: no device-wide synchronisation inside an iteration (OneGraph §3.2
// overlapped only the static kernel with the gather; Ascetic then copied and processed chunk
// after chunk from pageable memory). Visits run concurrently on both queues and must make their
// own updates safe (atomics).
//
// With engine_options::zero_copy_degree, visit_active reads the active lists past the prefix
// that hold at least that many arcs in place instead: from the page-locked CSR, mapped into
// the device's address space, by a kernel on the space's stream after the resident one (EMOGI's
// merged reads over the bus, where a long list fills whole 128-byte requests). Those lists are
// neither read back, nor planned, nor gathered by the host, which is what bounds the fetch of
// a level with many long lists; the short ones are still fetched, where reads over the bus
// would waste most of each request.
#pragma once

#include <cstddef>
#include <memory>
#include <numeric>
#include <optional>
#include <span>
#include <vector>

#include "plexus/core/timer.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/operators/advance.hpp"
#include "plexus/outofcore/active_split.hpp"
#include "plexus/outofcore/chunk_visit.hpp"
#include "plexus/outofcore/engine.hpp"
#include "plexus/outofcore/gather.hpp"
#include "plexus/outofcore/resident_arcs.hpp"
#include "plexus/outofcore/stream_slots.hpp"

namespace plexus::outofcore {

template <class Space>
class edge_stream {
 public:
  /// Places `graph` for `options.engine` under the plan in `report` (weights too when
  /// `with_weights` and the graph has them). The graph must outlive the stream.
  edge_stream(const Space& space, const csr_arrays& graph, bool with_weights, const engine_options& options,
              engine_report& report)
      : graph_(graph),
        with_weights_(with_weights && !graph.weights.empty()),
        options_(as_run(options)),
        resident_(space, graph, with_weights_, options, report),
        split_(graph.num_vertices()),
        static_frontier_(resident_.vertices()),
        no_output_(0),
        on_demand_list_(graph.num_vertices() - resident_.vertices()),
        work_(options.balance == load_balance::edge_balanced ? resident_.vertices() : 0),
        slots_(resident_.vertices() < graph.num_vertices() ? options.buffers : 0, report.plan.chunk_edges,
               with_weights_),
        on_demand_ids_(graph.num_vertices() - resident_.vertices()),
        range_density_(report.range_copies ? options_.range_density : 0) {
    if (report.range_copies || report.zero_copy_lists) pin_on_demand_arcs(report);
    if (report.zero_copy_lists) read_long_lists_in_place(report);
  }

  /// Bit v set when v's list is read in place.
  const bitmap_word* resident_words() const { return resident_.words(); }

  template <class Visit>
  iteration_stats visit_active(const Space& space, const bitmap_word* active, Visit visit) {
    iteration_stats stats;
    timer wall;
    timer planning;
    split_.run(space, active, resident_.words(), long_words_.size() > 0 ? long_words_.data() : nullptr,
               static_frontier_.data(), on_demand_list_.data(), on_demand_list_.size());
    stats.plan_seconds += planning.seconds();
    stats.active_vertices = split_.static_size() + split_.on_demand_size() + split_.long_size();
    exec::event<Space> listed;
    listed.record(space);  // the lists are written: the host may read the fetched ones back
    exec::event<Space> start(true), stop(true);
    if (split_.static_size() > 0) {
      static_frontier_.set_size(split_.static_size());
      stats.static_arcs = arcs_of(space, resident_.view(), static_frontier_.data(), split_.static_size());
      work_.prepare(space, resident_.view(), static_frontier_, split_.static_size(), stats.static_arcs,
                    resident_balance());
      start.record(space);
      visit_resident(space, visit);
      stop.record(space);
      if (!options_.overlap) space.synchronize();
    }
    exec::event<Space> in_place_start(true), in_place_stop(true);
    if (split_.long_size() > 0) {
      in_place_start.record(space);
      visit_in_place(space, visit);
      in_place_stop.record(space);
      if (!options_.overlap) space.synchronize();
    }
    if (split_.on_demand_size() > 0) {
      read_on_demand_list(listed, split_.on_demand_size(), stats);
      stream(space, stats, [&](const Space& on, const chunk_view& chunk) { visit_chunk(on, chunk, visit); });
    }
    finish(space, stats, split_.static_size() > 0, start, stop, wall);
    if (split_.long_size() > 0) {
      // Their offsets are read over the bus, once per list.
      stats.zero_copy_arcs = arcs_of(space, in_place_, in_place_ids(), split_.long_size());
      stats.on_demand_arcs += stats.zero_copy_arcs;
      stats.active_arcs += stats.zero_copy_arcs;
      stats.on_demand_seconds += exec::event<Space>::seconds_between(in_place_start, in_place_stop);
    }
    return stats;
  }

  template <class Value, class T, class Op, class Out>
  iteration_stats reduce_all(const Space& space, Value value, T init, Op op, Out out) {
    iteration_stats stats;
    timer wall;
    const vertex_t n = graph_.num_vertices(), resident = resident_.vertices();
    stats.active_vertices = n;
    stats.static_arcs = graph_.offsets[resident];
    exec::event<Space> start(true), stop(true);
    if (resident > 0) {
      if (!plan_) plan_.emplace(space, resident, resident_.view().offsets);
      start.record(space);
      reduce_resident(space, value, init, op, out);
      stop.record(space);
      if (!options_.overlap) space.synchronize();
    }
    if (resident < n) {
      // Every list past the prefix, the same each iteration: planned once.
      const timer planning;
      if (!every_list_planned_) {
        std::iota(on_demand_ids_.data(), on_demand_ids_.data() + (n - resident), resident);
        lists_.plan(std::span<const vertex_t>(on_demand_ids_.data(), n - resident), graph_.offsets,
                    slots_.chunk_arcs(), slots_.chunk_segments(), range_density_);
        every_list_planned_ = true;
      }
      stats.plan_seconds += planning.seconds();
      stream(space, stats,
             [&](const Space& on, const chunk_view& chunk) { reduce_chunk(on, chunk, value, init, op, out); });
    }
    finish(space, stats, resident > 0, start, stop, wall);
    return stats;
  }

  // The kernels over resident lists (public: GPU lambdas may not live in private members).
  template <class Visit>
  void visit_resident(const Space& space, Visit visit) {
    operators::advance_push(space, resident_.view(), static_frontier_, work_, no_output_, resident_balance(),
                            PLEXUS_LAMBDA(vertex_t u, vertex_t v, edge_t, weight_t w) {
                              visit(u, v, w);
                              return false;
                            });
  }
  /// The long lists read in place: the last long_size() ids of the on-demand list.
  const vertex_t* in_place_ids() const { return on_demand_list_.data() + (on_demand_list_.size() - split_.long_size()); }

  /// The kernel over the long lists read in place.
  template <class Visit>
  void visit_in_place(const Space& space, Visit visit) {
    operators::advance_push_bucketed(space, in_place_, in_place_ids(), split_.long_size(), no_output_,
                                     PLEXUS_LAMBDA(vertex_t u, vertex_t v, edge_t, weight_t w) {
                                       visit(u, v, w);
                                       return false;
                                     });
  }
  template <class Value, class T, class Op, class Out>
  void reduce_resident(const Space& space, Value value, T init, Op op, Out out) {
    const csr_view g = resident_.view();
    exec::segmented_reduce(
        space, *plan_, PLEXUS_LAMBDA(edge_t e) { return value(g.indices[e], g.weights ? g.weights[e] : weight_t(1)); },
        init, op, PLEXUS_LAMBDA(std::size_t u, T partial) { out(static_cast<vertex_t>(u), partial); });
  }
  /// Sum of the degrees in `g` of the `count` vertices at `ids`.
  static edge_t arcs_of(const Space& space, csr_view g, const vertex_t* ids, std::size_t count) {
    return exec::reduce(
        space, count, edge_t(0), PLEXUS_LAMBDA(std::size_t k) { return g.degree(ids[k]); }, exec::plus{});
  }

 private:
  /// Resident lists are read by degree buckets where no balancer is asked for (a block per
  /// long list, a subgroup per medium one, a lane per short one): consecutive lanes read
  /// consecutive arcs, so reads merge into whole cache lines, which zero-copy reads over the
  /// bus need (EMOGI), and, unlike the edge-balanced search, it needs no scan of the frontier's
  /// degrees (16 bytes per resident vertex). A subgroup per list, EMOGI's own choice, left a
  /// hub's list of 160 000 arcs to one subgroup: the first BFS level took milliseconds.
  load_balance resident_balance() const {
    return options_.balance == load_balance::automatic ? load_balance::degree_bucketed : options_.balance;
  }

  /// Reads the fetched ids back once `listed` (recorded after the split) has passed, and plans
  /// their chunks.
  void read_on_demand_list(const exec::event<Space>& listed, std::size_t count, iteration_stats& stats) {
    const timer planning;
    listed.wait(slots_.copy_queue());
    slots_.copy_queue().copy_async(on_demand_ids_.data(), on_demand_list_.data(), count * sizeof(vertex_t));
    slots_.copy_queue().synchronize();
    lists_.plan(std::span<const vertex_t>(on_demand_ids_.data(), count), graph_.offsets, slots_.chunk_arcs(),
                slots_.chunk_segments(), range_density_);
    every_list_planned_ = false;
    stats.plan_seconds += planning.seconds();
  }

  /// Gathers, copies and processes every chunk of lists_ through the slots.
  template <class Process>
  void stream(const Space& space, iteration_stats& stats, Process process) {
    stats.on_demand_arcs = lists_.total_arcs();
    stats.chunks = lists_.chunks();
    const timer phase;
    slots_.begin(space);
    for (std::size_t c = 0; c < lists_.chunks(); ++c) {
      stream_slot<Space>& s = slots_.next(stats);
      const on_demand_lists::chunk& part = lists_.chunk_at(c);
      timer gathering;
      lists_.gather(c, graph_.offsets, graph_.indices, graph_.weights, s.staging(with_weights_));
      stats.gather_seconds += gathering.seconds();
      chunk_range range;
      if (part.range) {
        range.arcs = graph_.indices.data() + part.host_first;
        if (with_weights_) range.weights = graph_.weights.data() + part.host_first;
        ++stats.range_chunks;
      }
      stats.copied_bytes += slots_.send(s, part.span, part.segments, with_weights_, range);
      process(slots_.process_space(), s.view(part.span, part.segments, with_weights_));
      slots_.processed(s, options_.overlap);
    }
    slots_.end(space, stats);
    stats.stream_seconds += phase.seconds();
  }

  /// Page-locks the arcs (and weights) past the static region, so that range chunks copy
  /// from them at the pinned rate and kernels may read long lists in place; the time counts as
  /// setup.
  void pin_on_demand_arcs(engine_report& report) {
    const timer pinning;
    const edge_t first = graph_.offsets[resident_.vertices()], count = graph_.num_edges() - first;
    if (count > 0) {
      pinned_arcs_ = std::make_unique<exec::host_mapping<Space>>(graph_.indices.data() + first, count * sizeof(vertex_t));
      if (with_weights_)
        pinned_weights_ =
            std::make_unique<exec::host_mapping<Space>>(graph_.weights.data() + first, count * sizeof(weight_t));
    }
    report.setup_seconds += pinning.seconds();
  }

  /// Maps the offsets too, so that kernels find every list, and marks the lists past the
  /// static region of at least zero_copy_degree arcs (a bitmap the split reads).
  void read_long_lists_in_place(engine_report& report) {
    const timer setup;
    const vertex_t n = graph_.num_vertices(), first = resident_.vertices();
    const edge_t first_arc = graph_.offsets[first];
    mapped_offsets_ = std::make_unique<exec::host_mapping<Space>>(graph_.offsets.data(), (n + std::size_t(1)) * sizeof(edge_t));
    const auto* arcs = pinned_arcs_ ? static_cast<const vertex_t*>(pinned_arcs_->mapped()) : nullptr;
    const auto* weights = pinned_weights_ ? static_cast<const weight_t*>(pinned_weights_->mapped()) : nullptr;
    // The views index arcs by their place in the whole CSR; only those past first_arc are read.
    in_place_ = csr_view{n, graph_.num_edges(), static_cast<const edge_t*>(mapped_offsets_->mapped()),
                         arcs ? arcs - first_arc : nullptr, weights ? weights - first_arc : nullptr};
    host_vector<bitmap_word> words((static_cast<std::size_t>(n) + 63) / 64, 0);
    const edge_t least = options_.zero_copy_degree;
    const std::size_t first_word = first / 64, word_count = words.size();
#pragma omp parallel for schedule(static)
    for (std::size_t w = first_word; w < word_count; ++w) {
      bitmap_word bits = 0;
      for (std::size_t b = 0; b < 64; ++b) {
        const std::size_t v = w * 64 + b;
        if (v >= first && v < n && graph_.offsets[v + 1] - graph_.offsets[v] >= least) bits |= bitmap_word(1) << b;
      }
      words[w] = bits;
    }
    long_words_.assign(std::span<const bitmap_word>(words.data(), words.size()));
    report.setup_seconds += setup.seconds();
  }

  void finish(const Space& space, iteration_stats& stats, bool resident_ran, const exec::event<Space>& start,
              const exec::event<Space>& stop, const timer& wall) {
    space.synchronize();
    if (resident_ran) stats.static_seconds = exec::event<Space>::seconds_between(start, stop);
    stats.active_arcs = stats.static_arcs + stats.on_demand_arcs;
    stats.wall_seconds = wall.seconds();
  }

  const csr_arrays& graph_;
  bool with_weights_;
  engine_options options_;
  resident_arcs<Space> resident_;
  active_split<Space> split_;
  sparse_frontier<Space> static_frontier_, no_output_;
  exec::buffer<Space, vertex_t> on_demand_list_;
  operators::push_workspace<Space> work_;
  std::optional<exec::segment_plan<Space>> plan_;  // of the resident lists, made by the first reduce_all
  stream_slots<Space> slots_;
  exec::pinned_buffer<Space, vertex_t> on_demand_ids_;
  on_demand_lists lists_;
  bool every_list_planned_ = false;  // lists_ holds every list past the prefix (reduce_all)
  double range_density_;              // 0: every chunk gathered
  std::unique_ptr<exec::host_mapping<Space>> pinned_arcs_, pinned_weights_;  // range copies, in-place lists
  std::unique_ptr<exec::host_mapping<Space>> mapped_offsets_;                 // in-place lists
  exec::buffer<Space, bitmap_word> long_words_;  // lists read in place; empty: none
  csr_view in_place_{};                          // the whole CSR as the device reads it over the bus
};

}  // namespace plexus::outofcore
