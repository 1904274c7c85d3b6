// `plexus bench --engine`: one graph algorithm on one graph and back end under every engine
// and every device memory limit asked, in one table. The in-memory engine runs first, with no
// limit: it is the reference. Every other row runs the same trials (the same sources in the
// same order) and compares each trial's answer with the in-memory one for that source (run
// answers: exact, or within PageRank's tolerance); its `verified` column says whether all
// agreed. `auto` runs once with no limit (where it takes the in-memory path) and once per
// limit; `managed` runs plainly and with the read-mostly advice (two rows); `managed-fits`
// takes no limit and runs once. Limits given without engines run `auto` under each.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench_trials.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "run/run_support.hpp"

namespace plexus::cli {

struct engine_bench_settings {
  std::vector<std::string> engines;   // --engine, besides in-memory
  std::vector<std::uint64_t> limits;  // --device-memory-limit, bytes
};

/// What the rows share: the algorithm, the loaded graph, the back end and how trials run.
struct engine_bench_input {
  algorithm_command* algorithm = nullptr;
  const loaded_graph* loaded = nullptr;
  backend where = backend::host;
  const std::vector<vertex_t>* sources = nullptr;  // drawn sources, used in turn; null: none
  std::uint64_t seed = 1;
  trial_context context;  // input, device, sources, trials, validate, verbose, streams, header
};

/// Runs every row, prints the table on context.lines and returns the rows' JSON (each row as
/// time_trials gives it, with "engine", "device_memory_limit_bytes", "verified" and the engine's
/// figures of its last trial). Clears `all_passed` when a verification or comparison fails.
nlohmann::ordered_json bench_engines(const engine_bench_input& input, const engine_bench_settings& settings,
                                     bool& all_passed);

}  // namespace plexus::cli
