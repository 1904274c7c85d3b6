// The default job's algorithm suite (see default_suite.hpp).
#include "default_suite.hpp"

#include <fmt/format.h>

#include <string>

#include "plexus/backends/backend.hpp"
#include "plexus/graph/device_graph.hpp"
#include "run_support.hpp"

namespace plexus::cli {

namespace {

/// Sampled sources of the suite's betweenness: exact betweenness is one BFS per vertex.
constexpr vertex_t kSuiteBetweennessSources = 16;
/// Synchronous label propagation on power-law graphs settles most labels within a few
/// iterations and then oscillates on the rest; LDBC's CDLP runs 10 as well.
constexpr int kSuiteLabelPropagationIterations = 10;
/// Jaccard over every edge of a skewed graph costs far more than the rest of the suite
/// together (hub-to-hub intersections); an evenly spaced sample keeps the job quick.
constexpr edge_t kSuiteJaccardSample = edge_t{1} << 16;

struct suite_line {
  double seconds = 0;
  std::string summary;
};

suite_line run_one(algorithm which, const device_graph& on_device, vertex_t source) {
  if (is_traversal(which)) {
    const traversal t = run_traversal(which, on_device, source, {});
    return {t.seconds, which == algorithm::bfs ? fmt::format("reached {}, depth {}", t.reached, t.max_value)
                                               : fmt::format("reached {}, max distance {}", t.reached, t.max_value)};
  }
  analytics_options options;
  options.bc_samples = kSuiteBetweennessSources;
  options.lp.max_iterations = kSuiteLabelPropagationIterations;
  options.edge_sample = kSuiteJaccardSample;
  const analytics_run run = run_analytics(which, on_device, options);
  return {run.seconds, run.summary};
}

}  // namespace

nlohmann::ordered_json run_default_suite(const csr_graph& graph, bool json) {
  nlohmann::ordered_json lines = nlohmann::ordered_json::array();
  const vertex_t source = max_degree_source(graph);
  if (!json) fmt::print("\nAlgorithms (source {} for bfs and sssp):\n", graph.original_id(source));
  for (const backend where : all_backends()) {
    if (!backend_available(where)) continue;
    const device_graph on_device(graph, where);
    for (const algorithm which : kGraphAlgorithms) {
      const suite_line line = run_one(which, on_device, source);
      if (!json)
        fmt::print("{:<10}{:<5} {:>9.5f} s  {}\n", std::string(to_string(which)) + ":", to_string(where), line.seconds,
                   line.summary);
      std::fflush(stdout);
      lines.push_back({{"algorithm", to_string(which)},
                       {"backend", to_string(where)},
                       {"seconds", line.seconds},
                       {"summary", line.summary}});
    }
  }
  return lines;
}

}  // namespace plexus::cli
