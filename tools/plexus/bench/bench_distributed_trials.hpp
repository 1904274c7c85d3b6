// The trials of one algorithm in `plexus bench --distributed` (bench_distributed.hpp): the
// single-device run on rank 0 (the baseline), then the distributed run over every rank, each
// one untimed warm-up and then the timed trials from the same sources; every distributed
// result checked against the single run's from the same source (and, under --validate, both
// with the serial verifier); then the statistics lines on rank 0, each naming what it measured:
//   Time                the slowest rank's loop, exchanges included
//   Compute Time        that time less the communication time
//   Communication Time  the longest any rank spent in the run's exchanges
//   Bytes Exchanged, Exchange Rounds, Bytes Per Round  (bytes over rounds, per trial)
//   Single Time         the single-device run's
//   Speedup             the single run's median time over the distributed run's
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench_trials.hpp"
#include "common/load.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/rank_graph.hpp"
#include "run/run_support.hpp"

namespace plexus::cli {

struct distributed_trials_input {
  algorithm_command* algorithm = nullptr;
  dist::communicator* comm = nullptr;
  const dist::rank_graph* graph = nullptr;  // this rank's part, its lists in the algorithm's order
  const device_graph* local = nullptr;      // its local graph on the bench's back end
  std::string input_name;                   // as the user named it, for messages
  input_origin origin = input_origin::file;
  std::uint64_t seed = 1;
  /// The single-device baseline, on every rank alike: rank 0 runs it on `single`.
  bool baseline = true;
  const loaded_graph* whole = nullptr;             // rank 0, under the baseline or --validate
  const device_graph* single = nullptr;            // rank 0, under the baseline: `whole` on the device
  const std::vector<vertex_t>* sources = nullptr;  // single-source algorithms: global ids, in turn
  /// The lines' naming (algorithm, input, device, sources), the row's first fields, the trial
  /// count, --validate, --verbose and where lines go (rank 0; nowhere on the others).
  trial_context context;
  int ranks = 1;
  std::string* stage = nullptr;  // what the ranks are doing, for errors
};

/// Collective: runs the trials and, on rank 0, prints their lines and returns the JSON row
/// (null on the other ranks). Clears `all_passed` on rank 0 when a check fails.
nlohmann::ordered_json time_distributed_trials(const distributed_trials_input& input, bool& all_passed);

}  // namespace plexus::cli
