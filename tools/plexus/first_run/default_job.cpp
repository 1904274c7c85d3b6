// The default job (see default_job.hpp).
#include "default_job.hpp"

#include <omp.h>

#include "common/backend_status.hpp"
#include "default_suite.hpp"
#include "graph_files/generate.hpp"
#include "next_commands.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/cli/sources.hpp"
#include "common/report.hpp"

namespace plexus::cli {

void run_default_job(bool json, const std::string& program) {
  generators::kronecker_options options;
  options.scale = 16;
  options.edge_factor = 16;
  options.seed = 1;
  auto generated = generate_kronecker(options);
  auto report = graph_report(generated.graph, generated.source);
  nlohmann::ordered_json backends;
  for (const backend b : all_backends()) backends[std::string(to_string(b))] = backend_status(b);
  report["back_ends"] = backends;
  report["host_threads"] = omp_get_max_threads();
  if (json) {
    report["algorithms"] = run_default_suite(generated.graph, true);
    print_report(report, true);
    return;
  }
  print_report(report, false);
  run_default_suite(generated.graph, false);
  const csr_graph& graph = generated.graph;
  print_next_commands(program, graph.original_id(max_degree_source(graph)));
}

}  // namespace plexus::cli
