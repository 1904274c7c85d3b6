// The engine of `plexus run` for a graph algorithm: in memory (the graph uploaded to the
// device), or out of core (outofcore/engine.hpp: the arcs stay in host memory and the
// device gets what each iteration needs). `--engine auto`, the default, runs in memory when
// the run's estimate fits the device (or --device-memory-limit) and, on a GPU, out of core
// when it does not and the algorithm can; it says which and why in one line.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "plexus/cli/algorithm_command.hpp"
#include "plexus/outofcore/engine.hpp"
#include "run_memory.hpp"

namespace plexus::cli {

struct engine_settings {
  std::string engine = "auto";  // --engine
  std::optional<double> static_fraction;  // --static-fraction
  std::optional<double> active_fraction;  // --active-fraction-estimate
  std::string chunk_size;                 // --chunk-size SIZE
  bool no_overlap = false;                // --no-overlap
  std::optional<double> range_density;    // --range-density
  std::optional<std::uint32_t> zero_copy_degree;  // --zero-copy-degree
  const CLI::Option* static_fraction_option = nullptr;
  const CLI::Option* active_fraction_option = nullptr;
  const CLI::Option* chunk_size_option = nullptr;
  const CLI::Option* no_overlap_option = nullptr;
  const CLI::Option* range_density_option = nullptr;
  const CLI::Option* zero_copy_degree_option = nullptr;
};

/// Adds --engine, --static-fraction, --active-fraction-estimate, --chunk-size, --range-density,
/// --zero-copy-degree and --no-overlap.
void add_engine_options(CLI::App& run, engine_settings& settings);

/// What a run does: in memory, or streaming with these options, and why.
struct engine_choice {
  bool streaming = false;
  outofcore::engine_options options;
  std::string line;  // "out-of-core (bfs on g needs about ..., but ...)"; empty when in memory by default
};

/// Decides the engine; throws plexus::error(invalid_argument) for an engine the algorithm
/// cannot use, or engine options given to an in-memory run.
engine_choice choose_engine(const algorithm_command& algorithm, const engine_settings& settings,
                            const run_memory& memory, backend where);

/// "Engine:" and the out-of-core run's lines (its regions, bytes moved, chunks, times, bus
/// and device use), and the "engine" JSON fields.
void report_engine(const engine_choice& choice, const outofcore::engine_report& report, edge_t arcs,
                   std::FILE* lines, nlohmann::ordered_json& summary);

/// The "engine" JSON fields of a streaming run: its totals, plan, bus and device use, and
/// every iteration's figures (active vertices and arcs, static hits, on-demand arcs, bytes,
/// chunks, and the gather, copy, static-kernel, on-demand-kernel and wall times).
nlohmann::ordered_json engine_fields(const outofcore::engine_report& report, edge_t arcs);

}  // namespace plexus::cli
