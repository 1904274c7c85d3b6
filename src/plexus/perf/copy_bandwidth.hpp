// The memory bandwidth a back end's device sustains on a plain copy: the peak against which
// `plexus bench --portability` measures an algorithm's architectural efficiency
// (docs/performance/portability.md).
//
// The measurement is STREAM's Copy kernel [1] as BabelStream runs it on every programming
// model [2]: one large array copied into another, counting the bytes read plus the bytes
// written, over several repetitions after a warm-up, the best repetition taken as the
// device's bandwidth. It is written once over an execution space (copy_bandwidth_loop.hpp) and
// compiled per back end, so every device is measured by the same loop the algorithms' own
// exec::for_each sweeps run through.
//
// [1] J. D. McCalpin, "Memory Bandwidth and Machine Balance in Current High Performance
//     Computers", IEEE TCCA Newsletter, 1995.
// [2] T. Deakin, J. Price, M. Martineau, S. McIntosh-Smith, "Evaluating attainable memory
//     bandwidth of parallel programming models via BabelStream", IJCSE 17(3), 2018.
#pragma once

#include <cstdint>

#include "plexus/backends/backend.hpp"

namespace plexus::perf {

/// Bytes of each of the two arrays, unless the device's memory is short: far beyond the
/// last-level cache of current CPUs and GPUs, so the copy measures memory, not cache.
inline constexpr std::uint64_t kCopyArrayBytes = std::uint64_t{1} << 30;
/// Timed repetitions after the warm-up.
inline constexpr int kCopyRepetitions = 5;

struct copy_bandwidth_options {
  std::uint64_t array_bytes = 0;  // each array; 0: copy_array_bytes(where)
  int repetitions = kCopyRepetitions;
};

struct copy_bandwidth {
  backend where = backend::host;
  std::uint64_t array_bytes = 0;  // of the source, and of the destination
  int repetitions = 0;
  double best_seconds = 0, median_seconds = 0;
  /// Bytes read plus bytes written per second in the best repetition: 2 * array_bytes /
  /// best_seconds.
  double bytes_per_second = 0;
};

/// The array size measure_copy_bandwidth takes for `where` by default: kCopyArrayBytes, or an
/// eighth of the device's free memory where that is less (the host's memory is the machine's,
/// so a small machine copies what it can hold beside the graph), but 64 MiB at least.
std::uint64_t copy_array_bytes(backend where);

/// Copies an array of options.array_bytes into another on `where`, once untimed and then
/// options.repetitions times timed with the back end's stopwatch. Throws
/// plexus::error(invalid_argument) for fewer than one repetition or an array under 8 bytes,
/// plexus::error(out_of_memory) when the arrays do not fit.
copy_bandwidth measure_copy_bandwidth(backend where, const copy_bandwidth_options& options = {});

/// measure_copy_bandwidth(where) the first time the process asks for `where`, the same
/// answer after: the bandwidth of a device does not change within a run, and measuring it
/// takes seconds. Safe to call from several threads.
const copy_bandwidth& device_copy_bandwidth(backend where);

}  // namespace plexus::perf
