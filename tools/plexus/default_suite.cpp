// The default job's algorithm suite (see default_suite.hpp).
#include "default_suite.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <string>

#include "plexus/backends/backend.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/sources.hpp"
#include "plexus/device/device_graph.hpp"
#include "report_line.hpp"

namespace plexus::cli {

nlohmann::ordered_json run_default_suite(const csr_graph& graph, bool json) {
  nlohmann::ordered_json lines = nlohmann::ordered_json::array();
  const vertex_t source = max_degree_source(graph);
  if (!json) fmt::print("\nAlgorithms (source {} for the single-source ones):\n", graph.original_id(source));
  for (const backend where : all_backends()) {
    if (!backend_available(where)) continue;
    const device_graph on_device(graph, where);
    for (algorithm_command* algorithm : registered_algorithms()) {
      if (algorithm->input() != input_kind::graph) continue;
      run_request request;
      request.purpose = run_purpose::suite;
      request.graph = &on_device;
      request.source = source;
      const run_report report = algorithm->run(request);
      if (!json)
        print_line(
            stdout, algorithm->name(),
            fmt::format("{:<5} {:>11}  {}", to_string(where), seconds_text(report.seconds), report.summary));
      std::fflush(stdout);
      lines.push_back({{"algorithm", algorithm->name()},
                       {"backend", to_string(where)},
                       {"seconds", report.seconds},
                       {"summary", report.summary}});
    }
  }
  return lines;
}

}  // namespace plexus::cli
