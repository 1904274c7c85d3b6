// What one run of an algorithm reports to the command line: `plexus run` prints it, `plexus
// bench` times it over trials, the default job prints its summary.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "plexus/cli/run_answer.hpp"
#include "plexus/core/verdict.hpp"

namespace plexus::cli {

/// One line a run prints ("Vertices Reached: 34") and the JSON field of `run --json` that says
/// the same ("vertices_reached": 34).
struct run_line {
  /// The field json_key(name), its value the text read as JSON: an integer, a number, true or
  /// false for yes or no, else the text.
  run_line(std::string name, std::string text);
  /// The field `key` with `value`.
  run_line(std::string name, std::string text, std::string key, nlohmann::ordered_json value);
  /// A line without a field of its own: the run's record holds the fact (a size bucket's line,
  /// whose field is the list "size_buckets"), or there is none ("Modularity: n/a").
  static run_line printed_only(std::string name, std::string text);
  /// A duration: printed as seconds_text, the field `key` (named *_seconds) in seconds.
  static run_line seconds(std::string name, std::string key, double seconds);

  std::string name;  // "Vertices Reached"
  std::string text;  // as printed: "34"
  std::string key;   // "vertices_reached"; empty: printed only
  nlohmann::ordered_json value;
};

/// A duration as every report prints it: "0.01234 s".
std::string seconds_text(double seconds);

/// JSON key of a line or figure name: "Vertices Reached" -> "vertices_reached", "GTEPS" ->
/// "gteps", "GB/s" -> "gbytes_per_second", "Edges/s" -> "edges_per_second".
std::string json_key(std::string_view name);

/// A figure besides the run's metric, printed by `run` as "Name: value" and by `bench` per
/// trial ("Trial Name:") and over the trials ("Average Name:"; the arithmetic mean of times,
/// the harmonic mean of rates, which for equal work is the work over the mean time).
struct run_figure {
  std::string name;  // "Edge Phase GB/s"
  std::string key;   // JSON key: "edge_phase_gbytes_per_second"
  double value = 0;
  bool rate = false;  // true: work per second; false: seconds (the key ends in _seconds)
};

/// What an algorithm's `seconds` cover, unless its report says otherwise: the loop the
/// algorithm times with its back end's stopwatch, after the graph is on the device and its
/// buffers are allocated, and before its result is copied back.
inline constexpr const char* kKernelLoopOnly = "kernel loop only, excluding upload and download";

struct run_report {
  double seconds = 0;                  // as the algorithm reports it (its own kernels only)
  std::string timed = kKernelLoopOnly;  // what `seconds` covers, in words
  std::string time_name = "Run Time";  // "Traversal Time" for traversals
  int iterations = 0;
  std::vector<run_line> lines;  // printed as "Name:   value", and JSON fields
  std::string summary;          // one line for the default job
  std::string metric_name;      // "Edges/s", "Pairs/s", "GB/s", "GTEPS"
  double metric = 0;
  std::vector<run_figure> figures;                          // further figures (hyper-lp phases)
  std::uint64_t bytes_moved = 0;  // by the algorithm's model (perf/bytes_moved.hpp); 0: none
  std::optional<std::uint64_t> source;                      // original id, single-source runs
  nlohmann::json record;                                    // further JSON fields of a bench trial
  std::optional<verify::verdict> verdict;                   // set when validated
  std::string validation_note;                              // why validation was skipped
  std::function<void(const std::filesystem::path&)> write;  // the --out file, original ids
  std::function<run_answer()> answer;                       // per vertex, for comparing engines
};

/// A run_report of `seconds` and `iterations` whose first line is "Iterations".
run_report iterative_report(double seconds, std::uint64_t iterations);

/// work / seconds, 0 for a run too short to time.
inline double per_second(double work, double seconds) {
  return seconds > 0 ? work / seconds : 0.0;
}

}  // namespace plexus::cli
