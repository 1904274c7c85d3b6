// `plexus run kcore`: the core number of every vertex (parallel peeling, see kcore.hpp),
// reported as the peeling rounds ("Iterations"), the levels, the largest core number and the
// vertices that have it, and the vertices per power-of-two band of core numbers ("Core 4-7:
// 120 vertices"). The benchmark figure is undirected edges per second, as for cc. --validate
// checks the numbers with the serial verifier (kcore_verify.hpp) on the graph as the input
// gave it; --out writes "vertex<TAB>core" in the input's ids; --balance picks the load
// balancing of the peeling rounds.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "plexus/algorithms/kcore/kcore.hpp"
#include "plexus/algorithms/kcore/kcore_verify.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/input_ids.hpp"
#include "plexus/io/result_writer.hpp"
#include "plexus/perf/bytes_moved.hpp"

namespace plexus::cli {
namespace {

/// One "Core A-B" line per power-of-two band of core numbers that holds a vertex (0, 1, 2-3,
/// 4-7, ...): the shells at a glance in a few lines, whatever the degeneracy.
void add_core_bands(run_report& report, std::span<const vertex_t> core) {
  std::vector<std::uint64_t> band;
  for (vertex_t c : core) {
    const std::size_t b = static_cast<std::size_t>(std::bit_width(c));
    if (band.size() <= b) band.resize(b + 1, 0);
    ++band[b];
  }
  nlohmann::json bands = nlohmann::json::array();
  for (std::size_t b = 0; b < band.size(); ++b) {
    if (band[b] == 0) continue;
    const std::uint64_t first = b == 0 ? 0 : std::uint64_t{1} << (b - 1), last = b == 0 ? 0 : 2 * first - 1;
    const std::string range = first == last ? fmt::format("{}", first) : fmt::format("{}-{}", first, last);
    report.lines.emplace_back("Core " + range, fmt::format("{} vertices", band[b]));
    bands.push_back({{"cores", range}, {"vertices", band[b]}});
  }
  report.record["core_bands"] = std::move(bands);
}

class kcore_command final : public algorithm_command {
 public:
  kcore_command()
      : algorithm_command("kcore", "K-core decomposition: the core number of every vertex", input_kind::graph,
                          90) {}

  void add_run_options(CLI::App& run, load_settings&) override {
    run.add_option("--balance", balance_,
                   "Load balancing of the peeling rounds: auto, thread_mapped, warp_mapped, block_mapped, "
                   "degree_bucketed, edge_balanced");
  }

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    // Degrees (with their peeling state), core numbers, two frontiers and the remaining list.
    // GPUs also keep the push step's degree scan.
    const bool gpu = family_of(where) == backend_family::simt;
    return (gpu ? 44 : 41) * shape.vertices + kSmallBuffers;
  }

  run_report run(const run_request& request) override {
    const device_graph& graph = *request.graph;
    const csr_graph& host = graph.host_graph();
    kcore_options options;
    if (request.purpose == run_purpose::run) options.balance = parse_load_balance(balance_);
    auto r = std::make_shared<kcore_result>(core_numbers(graph, options));
    const auto in_max_core =
        static_cast<std::uint64_t>(std::count(r->core.begin(), r->core.end(), r->max_core));
    run_report report = iterative_report(r->seconds, static_cast<std::uint64_t>(r->rounds));
    report.lines.emplace_back("Levels", fmt::format("{}", r->levels));
    report.lines.emplace_back("Max Core", fmt::format("{}", r->max_core));
    report.lines.emplace_back("Max Core Vertices", fmt::format("{}", in_max_core));
    report.record = {{"max_core", r->max_core}, {"max_core_vertices", in_max_core}, {"levels", r->levels}};
    add_core_bands(report, r->core);
    report.summary = fmt::format("max core {} ({} vertices), {} levels", r->max_core, in_max_core, r->levels);
    report.metric_name = "Edges/s";
    report.metric = per_second(static_cast<double>(host.num_logical_edges()), r->seconds);
    report.bytes_moved = perf::kcore_bytes(host.num_vertices(), host.num_edges());
    if (request.validate) {
      const input_ids input(request);
      report.verdict = verify::core_numbers(input.graph(), input.values(r->core));
    }
    report.write = [&host, r](const std::filesystem::path& path) {
      const std::vector<std::uint64_t> core(r->core.begin(), r->core.end());
      io::write_vertex_counts(path, host, core, "core");
    };
    return report;
  }

 private:
  std::string balance_ = "auto";
};

PLEXUS_REGISTER_ALGORITHM(kcore_command);

}  // namespace
}  // namespace plexus::cli
