// The trials of one algorithm on one input and back end, as `plexus bench` runs and reports
// them: one untimed warm-up, then the timed trials, then the statistics of the time and of
// every figure (bench_statistics.hpp) on lines that each name the algorithm, the input and its
// size, the device, the trials and what was timed, so that a line copied alone says what it
// measured.
#pragma once

#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "plexus/cli/run_report.hpp"

namespace plexus::cli {

/// What the result lines of one algorithm's trials name, and where lines go.
struct trial_context {
  std::string algorithm;
  std::string input;              // "kron-16-16 (65536 vertices, 1048576 edges)"
  std::string device;             // "host (OpenMP, 2 threads)"
  std::string sources;            // "16 sources from the largest component", or empty
  nlohmann::ordered_json header;  // the row's first fields: algorithm, input, device
  int trials = 1;
  bool validate = false;
  bool verbose = false;         // print every trial's figures and source
  std::FILE* lines = stdout;    // informational lines; nullptr: none (--quiet)
  std::FILE* results = stdout;  // the statistics lines and failed verifications
};

/// Runs `run_once(trial, validate)` once untimed, then `context.trials` times, prints what
/// `context` asks for and returns the JSON row: the header, "timed", "trials" (every trial's
/// figures and record), "statistics" and "result" (the last trial's record). Clears
/// `all_passed` when a verification fails.
nlohmann::ordered_json time_trials(const trial_context& context,
                                   const std::function<run_report(int trial, bool validate)>& run_once,
                                   bool& all_passed);

}  // namespace plexus::cli
