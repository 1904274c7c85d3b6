// `plexus run pagerank`: PageRank (NetworkX or LDBC Graphalytics variant, see pagerank.hpp),
// reported as iterations, convergence and the ten highest-ranked vertices. The benchmark
// figure is the memory bandwidth of the gather step: bytes_per_iteration * iterations /
// seconds. --validate runs the matching serial reference (verify/pagerank.hpp) with the same
// damping, tolerance, iteration limit and personalization, and compares entry by entry.
#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "analytics.hpp"
#include "plexus/core/error.hpp"
#include "plexus/algorithms/pagerank/pagerank_verify.hpp"
#include "result_writer.hpp"

namespace plexus::cli {

analytics_run run_pagerank(const device_graph& graph, const analytics_options& options) {
  const csr_graph& host = graph.host_graph();
  pagerank_options settings = options.pagerank;
  if (!options.personalization.empty()) settings.personalization = read_vertex_values(options.personalization, host);
  pagerank_result r = pagerank(graph, settings);
  analytics_run run;
  run.seconds = r.seconds;
  run.iterations = r.iterations;

  const std::string top = top_vertices(host, r.rank, 10);
  run.lines.emplace_back("Iterations", fmt::format("{}", r.iterations));
  if (r.gather == pagerank_gather::hub_clustered)
    run.lines.emplace_back("Layout Time", fmt::format("{:.5f}", r.layout_seconds));
  run.lines.emplace_back("Converged", r.converged ? "yes" : "no");
  run.lines.emplace_back("Last Change", fmt::format("{:.6g}", r.last_change));
  run.lines.emplace_back("Top Vertices", top);
  run.summary = fmt::format("{} iterations, top vertex {}", r.iterations, top_vertices(host, r.rank, 1));
  const double bytes = static_cast<double>(r.bytes_per_iteration) * r.iterations;
  run.metric_name = "GB/s";
  run.metric = run.seconds > 0 ? bytes / run.seconds / 1e9 : 0.0;
  run.record = {{"iterations", r.iterations},
                {"converged", r.converged},
                {"bytes_per_iteration", r.bytes_per_iteration},
                {"layout_seconds", r.layout_seconds},
                {"gather", r.gather == pagerank_gather::hub_clustered ? "hub_clustered" : "vertex_order"},
                {"variant", settings.variant == pagerank_variant::networkx ? "networkx" : "graphalytics"}};

  if (options.validate) {
    // Both sides iterate the same formula and stop on the same test, so they differ only by
    // the order of floating-point additions; a vertex may still be off by up to the
    // per-vertex tolerance when one side stops an iteration earlier than the other.
    const double tolerance = std::max(settings.tolerance, 1e-9);
    if (settings.variant == pagerank_variant::graphalytics) {
      run.verdict = verify::compare_pagerank(
          verify::reference_pagerank_graphalytics(host, settings.damping, settings.max_iterations), r.rank, tolerance);
    } else if (!r.converged) {
      run.validation_note = fmt::format(
          "no convergence within {} iterations, where the NetworkX reference raises", settings.max_iterations);
    } else {
      try {
        run.verdict = verify::compare_pagerank(
            verify::reference_pagerank(host, settings.damping, settings.tolerance, settings.max_iterations,
                                       settings.personalization),
            r.rank, tolerance);
      } catch (const error& e) {
        run.verdict = verify::fail(fmt::format("the reference failed: {}", e.what()));
      }
    }
  }
  auto kept = std::make_shared<pagerank_result>(std::move(r));
  run.write = [&host, kept](const std::filesystem::path& path) { write_vertex_reals(path, host, kept->rank); };
  return run;
}

}  // namespace plexus::cli
