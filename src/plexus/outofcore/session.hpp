// engine_session<Space>: what every out-of-core run does around its loop. It caps the device
// memory (exec::memory_cap: the account and the ballast), plans the regions from the cap and
// the algorithm's per-vertex state (region_plan.hpp), measures the pinned copy rate once per
// process, and at the end writes the peak device bytes and the bytes moved into the report.
//
// The resident bytes the plan reserves are an upper bound of what the run places besides the
// arcs and the slots: the algorithm's own state plus the engine's (footprint.hpp).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "plexus/backends/backend.hpp"
#include "plexus/backends/memory_account.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/outofcore/engine.hpp"
#include "plexus/outofcore/footprint.hpp"
#include "plexus/outofcore/pinned_limit.hpp"
#include "plexus/outofcore/region_plan.hpp"

namespace plexus::outofcore {

/// Pinned host-to-device copy rate of the space, in bytes per second, measured once.
template <class Space>
double measured_copy_rate() {
  static const double rate = [] {
    constexpr std::size_t bytes = std::size_t(64) << 20;
    exec::pinned_buffer<Space, char> from(bytes);
    exec::buffer<Space, char> to(bytes);
    exec::queue<Space> queue;
    queue.copy_async(to.data(), from.data(), bytes);  // first copy: maps pages, warms the engine
    queue.synchronize();
    timer clock;
    constexpr int rounds = 4;
    for (int i = 0; i < rounds; ++i) queue.copy_async(to.data(), from.data(), bytes);
    queue.synchronize();
    return static_cast<double>(bytes) * rounds / clock.seconds();
  }();
  return rate;
}

/// The smallest chunk, in arc bytes, where the options leave it to the engine: 64 MiB (smaller
/// chunks cost more in launches and waits than they gain in overlap), or, where the memory
/// left after the resident bytes is small, as much as lets the slots take a quarter of it, and
/// never less than 64 KiB.
inline std::uint64_t smallest_chunk_bytes(const region_request& request, int buffers) {
  constexpr std::uint64_t most = std::uint64_t(64) << 20, least = std::uint64_t(64) << 10;
  const std::uint64_t left = request.cap_bytes > request.resident_bytes ? request.cap_bytes - request.resident_bytes : 0;
  const std::uint64_t arcs = left / 4 / static_cast<std::uint64_t>(std::max(buffers, 1)) / request.slot_arc_bytes;
  return std::clamp(arcs * request.edge_bytes, least, most);
}

template <class Space>
class engine_session {
 public:
  /// `state_bytes_per_vertex`: the algorithm's device state; `arc_bytes`: 4, or 8 with weights;
  /// `active_fraction`: the algorithm's K (OneGraph's 0.1, or 1 when every vertex is active);
  /// `use`: how the algorithm reads its edge_stream.
  engine_session(const csr_arrays& graph, std::size_t state_bytes_per_vertex, std::size_t arc_bytes,
                 double active_fraction, stream_use use, const engine_options& options, engine_report& report)
      : report_(report), arc_bytes_(arc_bytes) {
    report.engine = options.engine;
    if (options.device_memory_limit > 0 && options.engine != engine_kind::managed_fits)
      cap_ = std::make_unique<exec::memory_cap<Space>>(options.device_memory_limit);
    backends::memory_account<Space>::reset_peak();
    const std::uint64_t n = graph.num_vertices();
    const bool prefix = options.engine == engine_kind::out_of_core || options.engine == engine_kind::subway;
    const engine_options run = as_run(options);
    region_request request;
    request.cap_bytes = options.device_memory_limit > 0 ? options.device_memory_limit : device_bytes();
    request.resident_bytes = n * state_bytes_per_vertex + engine_device_bytes(n, !prefix, use, options.balance);
    request.edge_bytes = arc_bytes;
    request.slot_arc_bytes = slot_bytes_per_arc(arc_bytes);
    request.static_vertex_bytes = resident_vertex_bytes(use, options.balance);
    request.active_fraction = options.active_fraction.value_or(active_fraction);
    request.static_fraction = run.static_region ? run.static_fraction : std::optional<double>(0.0);
    request.buffers = prefix ? options.buffers : 0;  // the others stream no chunks
    request.min_chunk_bytes =
        options.min_chunk_bytes ? options.min_chunk_bytes : smallest_chunk_bytes(request, options.buffers);
    report.plan = plan_regions(request, graph.offsets);
    // A chunk holds at least one arc, whatever bytes it was given.
    const edge_t most = std::max<edge_t>(1, options.max_chunk_bytes / arc_bytes);
    if (report.plan.chunk_edges > most) report.plan.chunk_edges = most;
    // Range copies page-lock the arcs past the static region, and lists read in place those
    // arcs and every offset; where that would pass the limit, every chunk is gathered and every
    // list fetched instead. The host back end pins nothing: its "device" memory is the host's.
    const bool ranges = options.engine == engine_kind::out_of_core && run.range_density > 0;
    const bool in_place =
        options.engine == engine_kind::out_of_core && use == stream_use::visit && run.zero_copy_degree > 0;
    if constexpr (Space::family != backend_family::cpu) {
      const std::uint64_t need = pinned_bytes(options.engine, graph, arc_bytes, report.plan);
      const pinned_limit limit = host_pinned_limit();
      check_pinned(need, limit, options.engine);
      const std::uint64_t arcs = ranges || in_place ? range_pinned_bytes(graph, arc_bytes, report.plan) : 0;
      const std::uint64_t offsets = in_place ? (n + 1) * sizeof(edge_t) : 0;
      const bool room = need + arcs + offsets <= limit.bytes;
      report.range_copies = ranges && room;
      report.zero_copy_lists = in_place && room;
    } else {
      report.range_copies = ranges;
      report.zero_copy_lists = in_place;
    }
    if (prefix) report.copy_rate = measured_copy_rate<Space>();
  }

  /// Records the iteration's figures and the bytes it moved. Zero-copy and managed engines
  /// copy nothing themselves (nor does out-of-core for the lists it reads in place): their
  /// bytes over the bus are estimated as the arcs' bytes
  /// (zero-copy reads each once, in whole 128-byte lines; managed memory migrates at least
  /// that where its pages do not stay on the device).
  void add(const iteration_stats& stats) {
    report_.iterations.push_back(stats);
    report_.moved_bytes += stats.copied_bytes;
    if (reads_over_bus(report_.engine)) {
      report_.moved_bytes += stats.active_arcs * arc_bytes_;
      report_.moved_bytes_estimated = true;
    } else if (stats.zero_copy_arcs > 0) {
      report_.moved_bytes += stats.zero_copy_arcs * arc_bytes_;  // each list read once, in whole lines
      report_.moved_bytes_estimated = true;
    }
  }
  void finish(double algorithm_seconds) {
    report_.algorithm_seconds = algorithm_seconds;
    report_.peak_device_bytes = backends::memory_account<Space>::peak();
  }

 private:
  /// The memory a run may take without a limit: the device's free memory plus what Plexus
  /// already holds (on the host, the account's view is all there is: no limit).
  static std::uint64_t device_bytes() {
    if constexpr (Space::family == backend_family::cpu) {
      return ~std::uint64_t(0) >> 2;
    } else {
      return backend_memory(Space::kind).free + backends::memory_account<Space>::in_use();
    }
  }

  /// Engines whose kernels read the host's arcs without the engine copying them.
  static bool reads_over_bus(engine_kind engine) {
    return engine == engine_kind::zero_copy || engine == engine_kind::managed || engine == engine_kind::managed_fits;
  }

  engine_report& report_;
  std::uint64_t arc_bytes_;
  std::unique_ptr<exec::memory_cap<Space>> cap_;
};

}  // namespace plexus::outofcore
