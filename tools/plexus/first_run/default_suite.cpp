// The default job's algorithm suite (see default_suite.hpp).
#include "default_suite.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstdio>
#include <string>
#include <utility>

#include "plexus/backends/backend.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/sources.hpp"
#include "plexus/device/device_graph.hpp"
#include "common/report_line.hpp"
#include "run/run_summary.hpp"

namespace plexus::cli {
namespace {

/// The run's metric for a reader, as a number and its unit: "0.0125" "GTEPS", "1.23" "GB/s",
/// and counts per second with a prefix, "29.7" "M edges/s".
std::pair<std::string, std::string> rate_text(const run_report& report) {
  const std::string& name = report.metric_name;
  if (!name.ends_with("/s") || name.starts_with("G")) return {fmt::format("{:.3g}", report.metric), name};
  std::string count = name;  // "Edges/s" -> "edges/s"
  for (char& c : count) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  double value = report.metric;
  std::string prefix;
  for (const char* larger : {"k ", "M ", "G ", "T "}) {
    if (value < 1000) break;
    value /= 1000;
    prefix = larger;
  }
  return {fmt::format("{:.3g}", value), prefix + count};
}

}  // namespace

nlohmann::ordered_json run_default_suite(const csr_graph& graph, bool json) {
  nlohmann::ordered_json lines = nlohmann::ordered_json::array();
  const vertex_t source = max_degree_source(graph);
  for (const backend where : all_backends()) {
    if (!backend_available(where)) continue;
    if (!json)
      fmt::print("\nAlgorithms on {}, source {} for the single-source ones:\n", device_label(where),
                 graph.original_id(source));
    const device_graph on_device(graph, where);
    for (algorithm_command* algorithm : registered_algorithms()) {
      if (algorithm->input() != input_kind::graph) continue;
      run_request request;
      request.purpose = run_purpose::suite;
      request.graph = &on_device;
      request.source = source;
      const run_report report = algorithm->run(request);
      if (!json) {
        const auto [rate, unit] = rate_text(report);
        print_line(stdout, algorithm->name(),
                   fmt::format("{:<5} {:>11} {:>9} {:<9}  {}", to_string(where), seconds_text(report.seconds),
                               rate, unit, report.summary));
      }
      std::fflush(stdout);
      lines.push_back({{"algorithm", algorithm->name()},
                       {"backend", to_string(where)},
                       {"device", backend_device_name(where)},
                       {"seconds", report.seconds},
                       {json_key(report.metric_name), report.metric},
                       {"summary", report.summary}});
    }
  }
  return lines;
}

}  // namespace plexus::cli
