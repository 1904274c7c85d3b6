// `plexus run tc`: triangle count of the simple undirected graph (see tc.hpp). With
// --per-vertex (or --out, whose file lists "vertex<TAB>triangles") the triangles through each
// vertex are counted too and the ten vertices in most triangles are printed. The benchmark
// figure is undirected edges per second. --validate compares the total, and the per-vertex
// counts when present, with the serial forward algorithm (tc_verify.hpp) on the graph as the
// input gave it.
#include <fmt/format.h>

#include <memory>
#include <string>
#include <vector>

#include "plexus/algorithms/tc/tc.hpp"
#include "plexus/algorithms/tc/tc_verify.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/input_ids.hpp"
#include "plexus/cli/summaries.hpp"
#include "plexus/io/result_writer.hpp"
#include "plexus/perf/bytes_moved.hpp"

namespace plexus::cli {
namespace {

class tc_command final : public algorithm_command {
 public:
  tc_command()
      : algorithm_command("tc", "Triangle counting: the total, and per vertex", input_kind::graph, 60) {}

  void add_run_options(CLI::App& run, load_settings&) override {
    run.add_flag("--per-vertex", per_vertex_, "Also count the triangles through each vertex");
    run.add_option("--mode", mode_, "Intersection: hybrid (default), merge or binary")
        ->check(CLI::IsMember({"hybrid", "merge", "binary"}));
  }

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    // The oriented graph (offsets and one endpoint per kept arc), each arc's source and
    // position, and a count per vertex.
    // GPUs also grow the library's scratch with the arcs.
    const bool gpu = family_of(where) == backend_family::simt;
    return 8 * shape.vertices + (gpu ? 17 : 16) * shape.arcs + kSmallBuffers;
  }

  run_report run(const run_request& request) override {
    const device_graph& graph = *request.graph;
    const csr_graph& host = graph.host_graph();
    triangle_options settings;
    if (request.purpose == run_purpose::run) {
      settings.method = parse_intersect_method(mode_);
      // --out lists the triangles of every vertex, so they must be counted.
      settings.per_vertex = per_vertex_ || request.writes_output;
    }
    auto r = std::make_shared<triangle_result>(triangle_count(graph, settings));
    run_report report;
    report.seconds = r->seconds;
    report.iterations = 1;
    report.lines.emplace_back("Triangles", fmt::format("{}", r->total));
    report.lines.emplace_back("Oriented Edges", fmt::format("{}", r->oriented_edges));
    report.lines.emplace_back("Orient Time", fmt::format("{:.5f}", r->orient_seconds));
    if (settings.per_vertex) {
      const std::vector<double> counts(r->per_vertex.begin(), r->per_vertex.end());
      report.lines.emplace_back("Top Vertices", top_vertices(host, counts, 10));
    }
    report.summary = fmt::format("{} triangles", r->total);
    report.metric_name = "Edges/s";
    report.metric = per_second(static_cast<double>(host.num_logical_edges()), r->seconds);
    report.bytes_moved = perf::tc_bytes(host);
    report.record = {{"triangles", r->total}, {"oriented_edges", r->oriented_edges}};
    if (request.validate) {
      const input_ids input(request);
      const std::uint64_t expected = verify::reference_triangle_count(input.graph());
      if (expected != r->total)
        report.verdict =
            verify::fail(fmt::format("{} triangles counted, the reference counts {}", r->total, expected));
      else if (settings.per_vertex)
        report.verdict = verify::compare_triangles_per_vertex(input.graph(), input.values(r->per_vertex));
      else
        report.verdict = verify::pass();
    }
    if (settings.per_vertex)
      report.write = [&host, r](const std::filesystem::path& path) {
        io::write_vertex_counts(path, host, r->per_vertex, "triangles");
      };
    return report;
  }

 private:
  bool per_vertex_ = false;
  std::string mode_ = "hybrid";
};

PLEXUS_REGISTER_ALGORITHM(tc_command);

}  // namespace
}  // namespace plexus::cli
