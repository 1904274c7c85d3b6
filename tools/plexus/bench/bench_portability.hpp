// What `plexus bench` says about memory bandwidth: each device's copy bandwidth
// (perf/copy_bandwidth.hpp), measured once per back end per bench, beside every figure in
// GB/s; and with --portability, per algorithm and input, each back end's architectural
// efficiency (the bandwidth achieved by the algorithm's byte model, perf/bytes_moved.hpp, as a
// fraction of the copy bandwidth) and Pennycook's performance portability over the back ends
// benched (perf/portability.hpp; docs/performance/portability.md).
//
// The bandwidth achieved is the median over the trials of bytes_moved / time, which for trials
// of equal work is bytes_moved / median time; a back end on which the algorithm failed (did
// not run, or failed verification) has efficiency 0, and so PP 0.
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench_trials.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/core/error.hpp"
#include "plexus/perf/copy_bandwidth.hpp"

namespace plexus::cli {

/// The copy bandwidth of `where` (perf::device_copy_bandwidth), printing a "Copy Bandwidth:"
/// line that says how it was measured to `lines` the first time (nothing when it is null).
const perf::copy_bandwidth& measured_copy_bandwidth(backend where, std::FILE* lines);

/// The copy bandwidths measured so far, by back end name, as measure_copy_bandwidth reports
/// them.
nlohmann::ordered_json copy_bandwidth_json();

/// After the statistics of a row whose metric is GB/s: one line giving the device's copy
/// bandwidth and the median's fraction of it, and the same as the row's "copy_bandwidth".
void note_copy_fraction(const trial_context& context, backend where, nlohmann::ordered_json& row);

/// Whether an error thrown while benching one algorithm on one back end means that it cannot
/// run there (out of memory, unsupported, a device failure), which --portability records as a
/// failed back end and goes on.
bool fails_back_end(const error& e);

/// The efficiencies of every algorithm on every input and back end of one bench.
class portability_table {
 public:
  /// The row time_trials returned for `context` on `where`.
  void add(const trial_context& context, backend where, const nlohmann::ordered_json& row);
  /// `context`'s algorithm could not run on `where`: prints a "Failed:" line.
  void add_failure(const trial_context& context, backend where, const std::string& why);

  /// For every algorithm and input: an "Efficiency:" line per back end, then a "PP:" line, to
  /// `to`; returns the same as JSON.
  nlohmann::ordered_json report(std::FILE* to) const;

 private:
  struct back_end_entry {
    backend where = backend::host;
    std::string device;                  // "host (OpenMP, 2 threads)"
    std::string about;                   // "bfs on kron-8-16 (...), host (...), 2 trials; timed: ..."
    std::optional<std::string> failure;  // why it has no efficiency
    double copy = 0, achieved = 0;       // bytes per second
  };
  struct algorithm_entry {
    std::string algorithm, input;
    std::vector<back_end_entry> back_ends;
  };
  back_end_entry& entry(const trial_context& context, backend where);

  std::vector<algorithm_entry> entries_;
};

}  // namespace plexus::cli
