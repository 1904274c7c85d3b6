// `plexus run hyper-bfs`: breadth-first search on a hypergraph, vertex -> hyperedge -> vertex
// (Hygra, see hyper_bfs.hpp), reported as levels, vertices and hyperedges reached, the largest
// depth (in hyperedges) and the pins traversed: the pins of every reached hyperedge, the
// hypergraph counterpart of Graph500's edges in the traversed component, and the "Pins/s"
// figure. Without -s the source is a vertex in the most hyperedges. --validate checks depths
// and parents with the invariants and serial BFS of hyper_bfs_verify.hpp. --out writes each
// vertex's depth, -1 when unreached.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <string>

#include "plexus/algorithms/hyper_bfs/hyper_bfs.hpp"
#include "plexus/algorithms/hyper_bfs/hyper_bfs_verify.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/sources.hpp"
#include "plexus/io/result_writer.hpp"
#include "plexus/perf/bytes_moved.hpp"

namespace plexus::cli {
namespace {

class hyper_bfs_command final : public algorithm_command {
 public:
  hyper_bfs_command()
      : algorithm_command("hyper-bfs", "Hypergraph breadth-first search: depth of every vertex in hyperedges",
                          input_kind::hypergraph, 120, true) {}

  void add_run_options(CLI::App& run, load_settings&) override {
    source_.add_option(run, "Source vertex in the input's ids (default: a vertex in the most hyperedges)");
    run.add_option(
        "--balance", balance_,
        "Load balancing: auto, thread_mapped, warp_mapped, block_mapped, degree_bucketed, edge_balanced");
  }

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    // Depths and parents of vertices and hyperedges, and a queue of each.
    // GPUs also keep each push step's degree scan.
    const bool gpu = family_of(where) == backend_family::simt;
    return (gpu ? 48 : 32) * (shape.vertices + shape.hyperedges) + kSmallBuffers;
  }

  run_report run(const run_request& request) override {
    const device_hypergraph& graph = *request.hypergraph;
    const hypergraph& host = graph.host_hypergraph();
    hyper_bfs_options options;
    const vertex_t source = source_.resolve(host, request);
    if (request.purpose == run_purpose::run) {
      options.balance = parse_load_balance(balance_);
    }
    auto r = std::make_shared<hyper_bfs_result>(hyper_bfs(graph, source, options));
    run_report report = iterative_report(r->seconds, r->levels);
    report.source = host.original_id(source);
    vertex_t max_depth = 0;
    for (const vertex_t d : r->vertex_depth)
      if (d != invalid_vertex) max_depth = std::max(max_depth, d);
    edge_t pins = 0, vertex_pins = 0;
    for (hyperedge_t h = 0; h < host.num_hyperedges(); ++h)
      if (r->hyperedge_depth[h] != invalid_vertex) pins += host.edge_size(h);
    for (vertex_t v = 0; v < host.num_vertices(); ++v)
      if (r->vertex_depth[v] != invalid_vertex) vertex_pins += host.vertex_degree(v);
    report.lines.emplace_back("Vertices Reached", fmt::format("{}", r->reached_vertices));
    report.lines.emplace_back("Hyperedges Reached", fmt::format("{}", r->reached_hyperedges));
    report.lines.emplace_back("Max Depth", fmt::format("{}", max_depth));
    report.lines.emplace_back("Pins Traversed", fmt::format("{}", pins));
    report.summary = fmt::format("reached {} vertices, depth {}", r->reached_vertices, max_depth);
    report.metric_name = "Pins/s";
    report.metric = per_second(static_cast<double>(pins), r->seconds);
    report.bytes_moved =
        perf::hyper_bfs_bytes(host, r->reached_vertices, vertex_pins, r->reached_hyperedges, pins);
    report.record = {{"source", *report.source},
                     {"levels", r->levels},
                     {"vertices_reached", r->reached_vertices},
                     {"hyperedges_reached", r->reached_hyperedges},
                     {"max_depth", max_depth},
                     {"pins_traversed", pins}};
    if (request.validate)
      report.verdict = verify::hyper_bfs(host, source, r->vertex_depth, r->vertex_parent, r->hyperedge_depth,
                                         r->hyperedge_parent);
    report.write = [&host, r](const std::filesystem::path& path) {
      io::write_vertex_depths(path, host, r->vertex_depth);
    };
    return report;
  }

 private:
  source_choice source_;
  std::string balance_ = "auto";
};

PLEXUS_REGISTER_ALGORITHM(hyper_bfs_command);

}  // namespace
}  // namespace plexus::cli
