// The out-of-core engine's choices and what it reports.
//
// An engine decides where a graph's arcs live while an algorithm runs:
//   in-memory     all of them in device memory (the library's ordinary algorithms);
//   out-of-core   OneGraph's static + on-demand scheme (region_plan.hpp, edge_stream.hpp): a
//                 prefix of the arcs stays on the device, the active lists of the rest are
//                 gathered on the host and copied in chunks, overlapped with the kernels
//                 (where they lie densely, copied straight from the page-locked CSR);
//   subway        the same gather and copies with no static region and no overlap (Sabet et
//                 al., "Subway", EuroSys 2020, in its synchronous form);
//   zero-copy     kernels read the arcs in host memory over the bus, a warp per list so reads
//                 merge into aligned 128-byte requests (Min et al., "EMOGI", VLDB 2021);
//   managed       arcs in managed memory that the driver migrates on access, under the
//                 same memory limit (its plain form, or with the read-mostly advice,
//                 whichever is faster);
//   managed-fits  managed memory without a limit.
// `automatic` takes in-memory when the graph fits the device (or the limit) and out-of-core
// otherwise. Every engine runs the same level-synchronous algorithms, so results agree exactly
// (PageRank within rounding).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plexus/backends/backend.hpp"
#include "plexus/operators/load_balance.hpp"
#include "plexus/outofcore/region_plan.hpp"

namespace plexus::outofcore {

enum class engine_kind { automatic, in_memory, out_of_core, subway, zero_copy, managed, managed_fits };

/// "auto", "in-memory", "out-of-core", "subway", "zero-copy", "managed", "managed-fits".
std::string_view to_string(engine_kind engine);
/// Inverse of to_string; throws plexus::error(invalid_argument) naming the choices.
engine_kind parse_engine(std::string_view name);

/// What `automatic` resolves to for a run on `where`: in memory on the host back end (the arcs
/// are in host memory already, so streaming them there buys nothing), for an algorithm that
/// cannot stream, and where the in-memory run fits the device; out of core otherwise. Both
/// front ends (`plexus run --engine auto`, Python's engine="auto") decide by it.
engine_kind automatic_engine(backend where, bool algorithm_streams, bool in_memory_fits);

struct engine_options {
  engine_kind engine = engine_kind::out_of_core;
  std::uint64_t device_memory_limit = 0;   // bytes; 0: the device's own memory
  std::optional<double> static_fraction;   // R instead of OneGraph's formula
  std::optional<double> active_fraction;   // K instead of the algorithm's estimate
  int buffers = 3;                         // on-demand chunk buffers
  bool overlap = true;                     // gather, copies and kernels overlap
  bool static_region = true;               // false: every active list on demand
  // A chunk is copied as a range of the CSR, with no gather, where the active arcs are at least
  // this share of the range (gather.hpp); 0: every chunk gathered (OneGraph's own setting).
  double range_density = 0.75;
  // Push algorithms read the active lists past the static region that hold at least this many
  // arcs in place, over the bus from the page-locked CSR, instead of fetching them (EMOGI's
  // reads for the long lists, the design notes' second refinement); 0: every list fetched.
  std::uint32_t zero_copy_degree = 0;
  std::uint64_t min_chunk_bytes = 0;       // arc bytes; 0: the engine's (engine_session)
  std::uint64_t max_chunk_bytes = std::uint64_t(512) << 20;
  load_balance balance = load_balance::automatic;  // of the kernels over resident lists
  bool read_mostly = false;                // managed: advise the driver the arcs are read-only
};

/// The options as the engine runs them: subway keeps no static region, does not overlap and
/// gathers every chunk, with no list read in place.
engine_options as_run(engine_options options);

/// One iteration of an out-of-core run.
struct iteration_stats {
  std::uint64_t active_vertices = 0;
  std::uint64_t active_arcs = 0;
  std::uint64_t static_arcs = 0;      // active arcs found in the static region
  std::uint64_t on_demand_arcs = 0;
  std::uint64_t zero_copy_arcs = 0;   // of the on-demand arcs, those read in place over the bus
  std::uint64_t copied_bytes = 0;     // host to device, arcs and chunk segments
  std::uint64_t chunks = 0;
  std::uint64_t range_chunks = 0;     // chunks copied straight from the CSR
  double gather_seconds = 0;          // host threads gathering chunks
  double copy_seconds = 0;            // the copies, by events on the copy queue
  double static_seconds = 0;          // the kernel over resident lists
  double on_demand_seconds = 0;       // the kernels over chunks
  double plan_seconds = 0;            // host: the split's sizes, the list read back, chunks planned
  double wait_seconds = 0;            // host: waiting for a slot's previous chunk to be visited
  double stream_seconds = 0;          // the on-demand phase, from its first gather to its last visit
  double wall_seconds = 0;
  iteration_stats& operator+=(const iteration_stats& other);
};

struct engine_report {
  engine_kind engine = engine_kind::in_memory;
  region_plan plan;                   // out-of-core and subway only
  bool range_copies = false;          // the CSR past the static region page-locked for range chunks
  bool zero_copy_lists = false;       // long on-demand lists read in place (zero_copy_degree)
  std::vector<iteration_stats> iterations;
  double setup_seconds = 0;           // pinning, the static upload, filling managed memory
  double algorithm_seconds = 0;       // the iterations
  std::uint64_t peak_device_bytes = 0;
  std::uint64_t moved_bytes = 0;      // host to device during the algorithm
  bool moved_bytes_estimated = false; // managed: migrations estimated, not counted
  double copy_rate = 0;               // pinned host-to-device bytes per second measured at start

  iteration_stats totals() const;
  /// The share of the on-demand phases' time (stream_seconds) the copies kept the bus busy,
  /// against copy_rate.
  double bus_utilisation() const;
  /// The share of the algorithm's time no kernel ran.
  double device_idle() const;
  /// Over the on-demand phases, (sum of the parts - phase) / (sum of the parts - largest part)
  /// with the gathers, copies and chunk visits as the parts: 1 when everything overlaps behind
  /// the longest part, 0 when the parts ran one after the other.
  double overlap_efficiency() const;
};

}  // namespace plexus::outofcore
