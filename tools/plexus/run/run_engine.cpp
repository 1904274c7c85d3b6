#include "run_engine.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>
#include <vector>

#include "plexus/cli/run_report.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"
#include "common/report_line.hpp"

namespace plexus::cli {

void add_engine_options(CLI::App& run, engine_settings& settings) {
  run.add_option("--engine", settings.engine,
                 "Where the graph's arcs live: auto (default: in memory when the run fits the device, out of "
                 "core when not), in-memory, out-of-core, subway, zero-copy, managed, managed-fits")
      ->check(CLI::IsMember({"auto", "in-memory", "out-of-core", "subway", "zero-copy", "managed", "managed-fits"}));
  settings.static_fraction_option =
      run.add_option("--static-fraction", settings.static_fraction,
                     "Out of core: the share of the arcs kept on the device (default: OneGraph's formula)")
          ->check(CLI::Range(0.0, 1.0));
  settings.active_fraction_option =
      run.add_option("--active-fraction-estimate", settings.active_fraction,
                     "Out of core: the share of vertices expected active per iteration, K of OneGraph's formula "
                     "(default: the algorithm's)")
          ->check(CLI::Range(0.0, 1.0));
  settings.chunk_size_option = run.add_option("--chunk-size", settings.chunk_size,
                                              "Out of core: bytes of arcs per on-demand chunk, at least one "
                                              "arc (default: what the memory left allows, "
                                              "from 64M, or less under a small limit, to 512M)");
  settings.range_density_option =
      run.add_option("--range-density", settings.range_density,
                     "Out of core: copy a chunk straight from the page-locked CSR, with no gather, where its "
                     "active arcs are at least this share of the range it spans (default 0.75; 0 gathers every "
                     "chunk, as OneGraph does)")
          ->check(CLI::Range(0.0, 1.0));
  settings.zero_copy_degree_option =
      run.add_option("--zero-copy-degree", settings.zero_copy_degree,
                     "Out of core, push algorithms (BFS, SSSP, CC): read the active lists past the static region "
                     "of at least this many arcs in place over the bus instead of fetching them (0: fetch every "
                     "list)");
  settings.no_overlap_option = run.add_flag(
      "--no-overlap", settings.no_overlap,
      "Out of core: gather, copy and process one chunk at a time, and the resident lists apart (an ablation)");
}

engine_choice choose_engine(const algorithm_command& algorithm, const engine_settings& settings,
                            const run_memory& memory, backend where) {
  engine_choice choice;
  outofcore::engine_kind kind = outofcore::parse_engine(settings.engine);
  if (kind == outofcore::engine_kind::automatic) {
    kind = outofcore::automatic_engine(where, algorithm.streams(), memory.fits());
    if (kind == outofcore::engine_kind::out_of_core) choice.line = fmt::format("out-of-core ({})", memory.shortfall());
  }
  // The options are absent where a command has no such options (bench).
  const auto given = [](const CLI::Option* option) { return option != nullptr && option->count() > 0; };
  const bool options_given = given(settings.static_fraction_option) || given(settings.active_fraction_option) ||
                             given(settings.chunk_size_option) || given(settings.no_overlap_option) ||
                             given(settings.range_density_option) || given(settings.zero_copy_degree_option);
  if (kind == outofcore::engine_kind::in_memory) {
    if (options_given && settings.engine != "auto")
      throw error(error_kind::invalid_argument,
                  "--static-fraction, --active-fraction-estimate, --chunk-size, --range-density, --zero-copy-degree "
                  "and --no-overlap apply to the out-of-core engines only");
    if (settings.engine == "in-memory") choice.line = "in-memory (--engine)";
    return choice;
  }
  if (!algorithm.streams()) {
    std::vector<std::string> streaming;
    for (const algorithm_command* other : registered_algorithms())
      if (other->streams()) streaming.emplace_back(other->name());
    throw error(error_kind::invalid_argument,
                fmt::format("--engine {}: {} runs in memory only ({} run out of core)", settings.engine,
                            algorithm.name(), fmt::join(streaming, ", ")));
  }
  choice.streaming = true;
  choice.options.engine = kind;
  choice.options.device_memory_limit = memory.limit();
  choice.options.static_fraction = settings.static_fraction;
  choice.options.active_fraction = settings.active_fraction;
  choice.options.overlap = !settings.no_overlap;
  if (settings.range_density) choice.options.range_density = *settings.range_density;
  if (settings.zero_copy_degree) choice.options.zero_copy_degree = *settings.zero_copy_degree;
  if (!settings.chunk_size.empty())
    choice.options.min_chunk_bytes = choice.options.max_chunk_bytes = parse_byte_size(settings.chunk_size, "--chunk-size");
  if (choice.line.empty()) choice.line = fmt::format("{} (--engine)", outofcore::to_string(kind));
  return choice;
}

void report_engine(const engine_choice& choice, const outofcore::engine_report& report, edge_t arcs,
                   std::FILE* lines, nlohmann::ordered_json& summary) {
  if (!choice.line.empty()) {
    print_line(lines, "Engine", choice.line);
    summary["engine"] = {
        {"name", std::string(outofcore::to_string(choice.streaming ? choice.options.engine
                                                                   : outofcore::engine_kind::in_memory))},
        {"why", choice.line}};
  }
  if (!choice.streaming) return;
  const outofcore::iteration_stats total = report.totals();
  const bool planned = report.engine == outofcore::engine_kind::out_of_core ||
                       report.engine == outofcore::engine_kind::subway;
  if (lines) {
    if (planned) print_line(lines, "Regions", report.plan.describe(arcs));
    print_line(lines, "Setup Time", seconds_text(report.setup_seconds));
    print_line(lines, "Moved Bytes",
               human_bytes(report.moved_bytes) + (report.moved_bytes_estimated ? " (estimated)" : ""));
    print_line(
        lines, "Chunks",
        fmt::format(
            "{}{}", total.chunks,
            report.range_copies ? fmt::format(" ({} copied as ranges of the CSR)", total.range_chunks) : ""));
    if (report.zero_copy_lists)
      print_line(lines, "In-place Arcs",
                 fmt::format("{} of {} on demand", total.zero_copy_arcs, total.on_demand_arcs));
    print_line(lines, "Device Peak", human_bytes(report.peak_device_bytes));
    if (planned)
      print_line(lines, "Bus Utilisation",
                 fmt::format("{:.1f}% of {}/s measured", 100 * report.bus_utilisation(),
                             human_bytes(static_cast<std::uint64_t>(report.copy_rate))));
    print_line(lines, "Device Idle", fmt::format("{:.1f}%", 100 * report.device_idle()));
  }
  summary["engine"].update(engine_fields(report, arcs));
}

nlohmann::ordered_json engine_fields(const outofcore::engine_report& report, edge_t arcs) {
  const outofcore::iteration_stats total = report.totals();
  const bool planned = report.engine == outofcore::engine_kind::out_of_core ||
                       report.engine == outofcore::engine_kind::subway;
  nlohmann::ordered_json engine;
  engine["setup_seconds"] = report.setup_seconds;
  engine["moved_bytes"] = report.moved_bytes;
  engine["moved_bytes_estimated"] = report.moved_bytes_estimated;
  engine["chunks"] = total.chunks;
  engine["range_chunks"] = total.range_chunks;
  engine["range_copies"] = report.range_copies;
  engine["zero_copy_lists"] = report.zero_copy_lists;
  engine["static_arcs"] = total.static_arcs;
  engine["on_demand_arcs"] = total.on_demand_arcs;
  engine["zero_copy_arcs"] = total.zero_copy_arcs;
  engine["gather_seconds"] = total.gather_seconds;
  engine["copy_seconds"] = total.copy_seconds;
  engine["static_seconds"] = total.static_seconds;
  engine["on_demand_seconds"] = total.on_demand_seconds;
  engine["plan_seconds"] = total.plan_seconds;
  engine["wait_seconds"] = total.wait_seconds;
  engine["stream_seconds"] = total.stream_seconds;
  engine["peak_device_bytes"] = report.peak_device_bytes;
  engine["device_idle"] = report.device_idle();
  if (planned) {
    engine["regions"] = report.plan.describe(arcs);
    engine["static_fraction"] = report.plan.static_fraction;
    engine["static_arcs_share"] = report.plan.static_edge_share(arcs);
    engine["chunk_arcs"] = report.plan.chunk_edges;
    engine["copy_bytes_per_second"] = report.copy_rate;
    engine["bus_utilisation"] = report.bus_utilisation();
    engine["overlap_efficiency"] = report.overlap_efficiency();
  }
  nlohmann::ordered_json iterations = nlohmann::ordered_json::array();
  for (const outofcore::iteration_stats& it : report.iterations)
    iterations.push_back({{"active_vertices", it.active_vertices},
                          {"active_arcs", it.active_arcs},
                          {"static_arcs", it.static_arcs},
                          {"on_demand_arcs", it.on_demand_arcs},
                          {"zero_copy_arcs", it.zero_copy_arcs},
                          {"copied_bytes", it.copied_bytes},
                          {"chunks", it.chunks},
                          {"range_chunks", it.range_chunks},
                          {"gather_seconds", it.gather_seconds},
                          {"copy_seconds", it.copy_seconds},
                          {"static_seconds", it.static_seconds},
                          {"on_demand_seconds", it.on_demand_seconds},
                          {"plan_seconds", it.plan_seconds},
                          {"wait_seconds", it.wait_seconds},
                          {"stream_seconds", it.stream_seconds},
                          {"wall_seconds", it.wall_seconds}});
  engine["iterations"] = std::move(iterations);
  return engine;
}

}  // namespace plexus::cli
