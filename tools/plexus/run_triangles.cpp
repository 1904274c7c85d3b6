// `plexus run tc`: triangle count of the simple undirected graph (see triangles.hpp). With
// --per-vertex (or --out, whose file lists "vertex<TAB>triangles") the triangles through
// each vertex are counted too and the ten vertices in most triangles are printed. The
// benchmark figure is undirected edges per second. --validate compares the total, and the
// per-vertex counts when present, with the serial forward algorithm (verify/triangles.hpp).
#include <fmt/format.h>

#include <memory>
#include <vector>

#include "analytics.hpp"
#include "plexus/algorithms/tc/tc_verify.hpp"
#include "result_writer.hpp"

namespace plexus::cli {

analytics_run run_triangles(const device_graph& graph, const analytics_options& options) {
  const csr_graph& host = graph.host_graph();
  triangle_options settings;
  settings.per_vertex = options.per_vertex;
  settings.method = options.intersect;
  triangle_result r = triangle_count(graph, settings);
  analytics_run run;
  run.seconds = r.seconds;
  run.iterations = 1;

  run.lines.emplace_back("Triangles", fmt::format("{}", r.total));
  run.lines.emplace_back("Oriented Edges", fmt::format("{}", r.oriented_edges));
  run.lines.emplace_back("Orient Time", fmt::format("{:.5f}", r.orient_seconds));
  if (options.per_vertex) {
    const std::vector<double> counts(r.per_vertex.begin(), r.per_vertex.end());
    run.lines.emplace_back("Top Vertices", top_vertices(host, counts, 10));
  }
  run.summary = fmt::format("{} triangles", r.total);
  run.metric_name = "Edges/s";
  run.metric = run.seconds > 0 ? host.num_logical_edges() / run.seconds : 0.0;
  run.record = {{"triangles", r.total}, {"oriented_edges", r.oriented_edges}};

  if (options.validate) {
    const std::uint64_t expected = verify::reference_triangle_count(host);
    if (expected != r.total)
      run.verdict = verify::fail(fmt::format("{} triangles counted, the reference counts {}", r.total, expected));
    else if (options.per_vertex)
      run.verdict = verify::compare_triangles_per_vertex(host, r.per_vertex);
    else
      run.verdict = verify::pass();
  }
  auto kept = std::make_shared<triangle_result>(std::move(r));
  if (options.per_vertex)
    run.write = [&host, kept](const std::filesystem::path& path) { write_vertex_counts(path, host, kept->per_vertex); };
  return run;
}

}  // namespace plexus::cli
