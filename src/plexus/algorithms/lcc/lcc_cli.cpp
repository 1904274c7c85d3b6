// `plexus run lcc`: the local clustering coefficient of every vertex (LDBC Graphalytics' LCC,
// see lcc.hpp), reported as the average over the vertices (networkx.average_clustering), the
// vertices at 1 and at 0, and the neighbourhood arcs intersected. The benchmark figure is
// edges per second, as for tc. --validate checks every coefficient with the serial verifier
// (lcc_verify.hpp); --out writes "vertex<TAB>lcc" in the input's ids; --mode picks the
// intersection.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>

#include "plexus/algorithms/lcc/lcc.hpp"
#include "plexus/algorithms/lcc/lcc_verify.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/io/result_writer.hpp"
#include "plexus/perf/bytes_moved.hpp"

namespace plexus::cli {
namespace {

class lcc_command final : public algorithm_command {
 public:
  lcc_command()
      : algorithm_command("lcc", "Local clustering coefficient (LDBC Graphalytics): the LCC of every vertex",
                          input_kind::graph, 65) {}

  void add_run_options(CLI::App& run, load_settings&) override {
    run.add_option("--mode", mode_, "Intersection: hybrid (default), merge or binary")
        ->check(CLI::IsMember({"hybrid", "merge", "binary"}));
  }

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    // Triangles and coefficients per vertex and a count per arc; a directed graph first gets
    // the union of in- and out-neighbours as a CSR of its own, up to twice the arcs.
    // GPUs also grow the library's scratch with the arcs.
    const std::uint64_t scratch = family_of(where) == backend_family::simt ? shape.arcs : 0;
    if (!shape.directed) return 9 * shape.vertices + 8 * shape.arcs + scratch + kSmallBuffers;
    return 17 * shape.vertices + 24 * shape.arcs + scratch + kSmallBuffers;
  }

  run_report run(const run_request& request) override {
    const device_graph& graph = *request.graph;
    const csr_graph& host = graph.host_graph();
    lcc_options options;
    if (request.purpose == run_purpose::run) options.method = parse_intersect_method(mode_);
    auto r = std::make_shared<lcc_result>(local_clustering(graph, options));
    const auto ones = static_cast<std::uint64_t>(std::count(r->coefficient.begin(), r->coefficient.end(), 1.0));
    const auto zeros = static_cast<std::uint64_t>(std::count(r->coefficient.begin(), r->coefficient.end(), 0.0));
    run_report report;
    report.seconds = r->seconds;
    report.iterations = 1;
    report.lines.emplace_back("Average LCC", fmt::format("{:.6g}", r->average));
    report.lines.emplace_back("LCC 1 Vertices", fmt::format("{}", ones));
    report.lines.emplace_back("LCC 0 Vertices", fmt::format("{}", zeros));
    report.lines.emplace_back("Neighbourhood Arcs", fmt::format("{}", r->neighbourhood_arcs));
    report.summary = fmt::format("average lcc {:.6g}, {} vertices at 1", r->average, ones);
    report.metric_name = "Edges/s";
    report.metric = per_second(static_cast<double>(host.num_logical_edges()), r->seconds);
    report.bytes_moved = perf::lcc_bytes(host);
    report.record = {{"average_lcc", r->average},
                     {"lcc_one_vertices", ones},
                     {"lcc_zero_vertices", zeros},
                     {"neighbourhood_arcs", r->neighbourhood_arcs}};
    if (request.validate) report.verdict = verify::lcc(host, r->coefficient);
    report.write = [&host, r](const std::filesystem::path& path) {
      io::write_vertex_reals(path, host, r->coefficient, "lcc");
    };
    return report;
  }

 private:
  std::string mode_ = "hybrid";
};

PLEXUS_REGISTER_ALGORITHM(lcc_command);

}  // namespace
}  // namespace plexus::cli
