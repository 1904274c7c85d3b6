// plexus info FILE: sizes, degree statistics, format and load/build times of a graph or
// hypergraph, and the memory each algorithm would need for it on the host and on a GPU
// (GAPBS-style grep-able lines, or JSON with --json).
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

#include "common/command.hpp"
#include "common/load.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/device/memory_need.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/io/input.hpp"
#include "common/progress_display.hpp"
#include "common/report.hpp"

namespace plexus::cli {

namespace {

struct info_options {
  input_options input;
  bool json = false;
};

/// "1..34": the smallest and largest of the input's own vertex ids, the ids results use.
template <class Graph>
std::string id_range(const Graph& graph) {
  if (graph.num_vertices() == 0) return "none";
  std::uint64_t lo = graph.original_id(0), hi = lo;
  for (vertex_t v = 1; v < graph.num_vertices(); ++v) {
    lo = std::min(lo, graph.original_id(v));
    hi = std::max(hi, graph.original_id(v));
  }
  return std::to_string(lo) + ".." + std::to_string(hi);
}

/// The report with what reading decided inserted after "kind": the ids results use, and for
/// graphs the direction and why, and the vertex file read.
template <class Graph>
nlohmann::ordered_json with_input_facts(const nlohmann::ordered_json& report, const Graph& graph,
                                        const loaded_input& loaded) {
  nlohmann::ordered_json out;
  for (const auto& [key, value] : report.items()) {
    out[key] = value;
    if (key != "kind") continue;
    out["vertex_ids"] = id_range(graph);
    if (!loaded.direction.empty()) out["direction"] = loaded.direction;
    if (!loaded.vertex_file.empty()) out["vertex_file"] = loaded.vertex_file;
  }
  return out;
}

/// The memory each algorithm that takes this input would need (cli/memory_need.hpp): on the
/// host back end, its working arrays beside the loaded input; on a GPU, the input's copy and
/// the working arrays in the GPU's memory, and, where this machine has that GPU, whether the
/// run fits its free memory (and, if not, whether `plexus run` would stream it out of core).
nlohmann::ordered_json with_memory_needs(nlohmann::ordered_json report, const input_shape& shape, bool json) {
  // The GPU back end this machine has, else the last one of the build's list (for the
  // estimate alone).
  backend gpu = backend::host;
  for (const backend b : all_backends())
    if (family_of(b) == backend_family::simt && (gpu == backend::host || !backend_available(gpu))) gpu = b;
  const std::uint64_t gpu_input = device_input_bytes(shape, gpu);
  std::optional<device_memory> here;
  if (gpu != backend::host && backend_available(gpu)) {
    here = backend_memory(gpu);
    if (json)
      report["gpu"] = {{"backend", std::string(to_string(gpu))}, {"free_bytes", here->free}, {"total_bytes", here->total}};
    else
      report["gpu"] = fmt::format("{}, {} free of {}", to_string(gpu), human_bytes(here->free), human_bytes(here->total));
  }
  nlohmann::ordered_json needs;
  for (const algorithm_command* algorithm : registered_algorithms()) {
    if ((algorithm->input() == input_kind::hypergraph) != shape.hypergraph) continue;
    const std::uint64_t working = algorithm->working_bytes(shape, gpu) + backend_scratch_bytes(gpu);
    const std::uint64_t host_working =
        algorithm->working_bytes(shape, backend::host) + device_input_bytes(shape, backend::host);
    const bool fits = here && gpu_input + working <= here->free;
    if (json) {
      needs[algorithm->name()] = {{"host_bytes", host_working}, {"gpu_bytes", gpu_input + working}};
      if (here) {
        needs[algorithm->name()]["fits_gpu"] = fits;
        needs[algorithm->name()]["streams"] = algorithm->streams();
      }
      continue;
    }
    std::string verdict;
    if (here)
      verdict = fits                  ? "; fits this GPU"
                : algorithm->streams() ? "; does not fit this GPU: runs out of core"
                                       : "; does not fit this GPU";
    report["Memory " + algorithm->name()] = fmt::format(
        "host {} beside the input; GPU {} ({} input copy + {} working){}", human_bytes(host_working),
        human_bytes(gpu_input + working), human_bytes(gpu_input), human_bytes(working), verdict);
  }
  if (json) report["memory"] = {{"input_bytes", host_input_bytes(shape)}, {"algorithms", needs}};
  return report;
}

void run_info(const info_options& options) {
  progress_display progress;
  const loaded_input loaded = load_input(options.input, progress.callback());
  progress.finish();
  report_source source{io::input_name(options.input.path),
                       loaded.format,
                       {{"load_seconds", loaded.load_seconds}, {"build_seconds", loaded.build_seconds}}};
  if (loaded.hypergraph) {
    print_report(with_memory_needs(
                     with_input_facts(hypergraph_report(*loaded.hypergraph, source), *loaded.hypergraph, loaded),
                     shape_of(*loaded.hypergraph), options.json),
                 options.json);
    return;
  }
  print_report(with_memory_needs(with_input_facts(graph_report(*loaded.graph, source), *loaded.graph, loaded),
                                 shape_of(*loaded.graph), options.json),
               options.json);
}

void setup_info(CLI::App& sub) {
  auto options = std::make_shared<info_options>();
  add_input_options(sub, options->input);
  sub.add_flag("--json", options->json, "Print one JSON object instead of text lines");
  sub.callback([options] { run_info(*options); });
}

}  // namespace

PLEXUS_COMMAND("info", "Print sizes, degree statistics, format and load time of a graph or hypergraph", setup_info);

}  // namespace plexus::cli
