// The memory side of `plexus run`: before the input goes to the device, the run's need is
// estimated (cli/memory_need.hpp) and compared with what the device has free, or with
// --device-memory-limit, and a run that cannot fit is refused with the numbers; while it runs,
// the back end's memory account is capped at that limit and measures what the input's copy
// and the algorithm held, reported beside the estimate. An allocation that fails anyway names
// the stage it failed in.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "plexus/cli/algorithm_command.hpp"
#include "plexus/device/memory_need.hpp"
#include "plexus/core/error.hpp"

namespace plexus::cli {

struct memory_settings {
  std::string limit;        // --device-memory-limit SIZE; empty: the device's free memory
  bool check = true;        // --no-memory-check clears it
};

/// Adds --device-memory-limit and --no-memory-check.
void add_memory_options(CLI::App& run, memory_settings& settings);

class run_memory {
 public:
  /// Estimates the in-memory run's need and what the device has (free, or the limit).
  run_memory(const algorithm_command& algorithm, const std::string& input_name, const input_shape& shape,
             backend where, const memory_settings& settings);
  run_memory(const run_memory&) = delete;
  run_memory& operator=(const run_memory&) = delete;
  ~run_memory();

  /// Whether the in-memory run's estimate fits what the device has.
  bool fits() const { return estimate_.total() <= available_; }
  /// "bfs on g needs about 21 GiB of cuda memory (...), but 9.80 GiB are free (...)".
  std::string shortfall() const;
  /// --device-memory-limit in bytes; 0 when not given.
  std::uint64_t limit() const { return limit_; }
  /// Before an in-memory run: refuses it (plexus::error(out_of_memory), one line with the
  /// need, the free memory and what to do) when it does not fit, unless --no-memory-check;
  /// then holds the back end's account to the limit, if one was given, while this lives.
  void enter_in_memory();
  /// Marks the start of the algorithm's run (after the input's upload).
  void start_run();
  /// "Device Memory:" line and the "memory" JSON fields: measured and estimated bytes.
  void report(std::FILE* lines, nlohmann::ordered_json& summary) const;

 private:
  std::string algorithm_, input_name_;
  backend where_;
  bool check_ = true;
  memory_need estimate_;
  std::uint64_t available_ = 0, limit_ = 0;
  std::string available_what_;
  memory_probe probe_;
  std::uint64_t input_held_ = 0;
  std::uint64_t previous_cap_ = 0;
  bool capped_ = false;
};

/// f(), with an allocation failure said to have happened while `stage` ("uploading the input
/// to cuda", "running bfs on cuda") and with the run's estimated need.
template <class F>
decltype(auto) in_stage(const std::string& stage, F&& f) {
  try {
    return f();
  } catch (const error& e) {
    if (e.kind() != error_kind::out_of_memory) throw;
    throw error(e.kind(), stage + ": " + e.what());
  } catch (const std::bad_alloc&) {
    throw error(error_kind::out_of_memory, stage + ": out of host memory");
  }
}

}  // namespace plexus::cli
