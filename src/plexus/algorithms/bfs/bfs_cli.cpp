// `plexus run bfs`: direction-optimizing BFS from one source (-s in the input's ids, default a
// vertex of maximum degree), reported as the traversal time, the steps taken, the vertices
// reached, the largest depth, the edges traversed and GTEPS (Graph500's count: undirected
// edges with both ends reached). --validate checks depths and parents with the serial
// verifier (bfs_verify.hpp) on the graph as the input gave it; --out writes
// "vertex<TAB>depth<TAB>parent" in the input's ids. Both use canonical parents (the
// in-neighbour one level up of smallest input id, bfs/canonical_parents.hpp), so the file is
// the same in every vertex order. With --distributed each rank runs bfs_dist.hpp on its part
// and the parents are chosen across the ranks (canonical_parents_dist.hpp): the same report,
// file and verdict.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <string>

#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/bfs/bfs_dist.hpp"
#include "plexus/algorithms/bfs/bfs_outofcore.hpp"
#include "plexus/algorithms/bfs/bfs_verify.hpp"
#include "plexus/algorithms/bfs/canonical_parents.hpp"
#include "plexus/algorithms/bfs/canonical_parents_dist.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/distributed_run.hpp"
#include "plexus/cli/distributed_traversal.hpp"
#include "plexus/cli/input_ids.hpp"
#include "plexus/cli/sources.hpp"
#include "plexus/cli/summaries.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/io/result_writer.hpp"
#include "plexus/perf/bytes_moved.hpp"

namespace plexus::cli {
namespace {

class bfs_command final : public algorithm_command {
 public:
  bfs_command()
      : algorithm_command("bfs",
                          "Breadth-first search, direction-optimizing: depth and parent of every vertex",
                          input_kind::graph, 10, true) {}

  void add_run_options(CLI::App& run, load_settings& load) override {
    source_.add_option(run, "Source vertex in the input's ids (default: a vertex of maximum degree)");
    run.add_option("--direction", direction_, "Push, pull or chosen per step: auto (default), push or pull")
        ->check(CLI::IsMember({"auto", "push", "pull"}));
    run.add_option("--balance", balance_,
                   "Load balancing of push steps: auto, thread_mapped, warp_mapped, block_mapped, "
                   "degree_bucketed, edge_balanced");
    alpha_option_ =
        run.add_option("--alpha", alpha_,
                       "Pull when frontier edges > unexplored edges / ALPHA (default 15 on the host, "
                       "80 on GPUs)")
            ->check(CLI::PositiveNumber);
    run.add_option("--beta", beta_, "Push again when the frontier < vertices / BETA (default 18)")
        ->check(CLI::PositiveNumber);
    run.add_flag("--random-weights", load.random_weights,
                 "Replace weights by deterministic uniform integers in [1, 255] (BFS ignores weights)");
  }

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    return bfs_working_bytes(shape, where);
  }

  bool streams() const override { return true; }

  run_report run(const run_request& request) override {
    if (request.streaming) {
      // Out of core: push-only and level-synchronous (bfs_outofcore.hpp), the same depths.
      const streaming_run& streaming = *request.streaming;
      const csr_graph& host = *streaming.graph;
      const vertex_t source = source_.resolve(host, request);
      return report(host, source,
                    std::make_shared<bfs_result>(
                        bfs_out_of_core(host, source, streaming.where, streaming.options, *streaming.report)),
                    request);
    }
    const device_graph& graph = *request.graph;
    const csr_graph& host = graph.host_graph();
    const vertex_t source = source_.resolve(host, request);
    const bfs_options options = request.purpose == run_purpose::run ? run_options() : bfs_options{};
    return report(host, source, std::make_shared<bfs_result>(bfs(graph, source, options)), request);
  }

  std::optional<dist::list_order> distributed_lists() const override { return dist::list_order::local; }

  distributed_report run_distributed(const distributed_request& request) override {
    dist::communicator& comm = *request.comm;
    const dist::rank_graph& graph = *request.graph;
    const bfs_options options = dist::agreed(
        comm, [&] { return request.purpose == run_purpose::run ? run_options() : bfs_options{}; });
    const vertex_t source = source_.resolve(request);
    const auto r =
        std::make_shared<bfs_dist_result>(bfs_distributed(comm, graph.part, *request.local, source, options));
    const auto reached = [&](vertex_t v) { return r->depth[v] != unreached_depth; };
    const vertex_t n = graph.part.ranges().num_vertices();
    distributed_report out;
    out.exchange = r->exchange;
    out.report = traversal_report(
        comm, graph, source, r->seconds, r->iterations, std::span<const vertex_t>(r->depth), reached, "Depth",
        "depth", [&](vertex_t count, edge_t arcs) { return perf::bfs_bytes(n, count, arcs); });
    keep_answer(request, std::span<const vertex_t>(r->depth), exact_answer<vertex_t>, out.report);
    // The parents written and verified: canonical_parents.hpp's, chosen across the ranks.
    add_traversal_outputs<vertex_t>(
        request, source, std::shared_ptr<const host_vector<vertex_t>>(r, &r->depth),
        [&](dist::exchange_stats& stats) {
          return canonical_bfs_parents_distributed(comm, graph, source, r->depth, stats);
        },
        [](const std::filesystem::path& path, const io::vertex_names& names, std::span<const vertex_t> depth,
           std::span<const std::uint64_t> parent) { io::write_bfs_result(path, names, depth, parent); },
        [](const csr_graph& whole, vertex_t from, std::span<const vertex_t> depth,
           std::span<const vertex_t> parent) { return verify::bfs(whole, from, depth, parent); },
        out);
    return out;
  }

 private:
  /// The run's lines, its check and its output, whichever engine computed `r`.
  static run_report report(const csr_graph& host, vertex_t source, std::shared_ptr<bfs_result> r,
                           const run_request& request) {
    const auto reached = [&](vertex_t v) { return r->depth[v] != unreached_depth; };
    run_report report = traversal_report<vertex_t>(
        host, source, r->seconds, r->iterations, r->depth, reached, "Depth", "depth",
        [&](vertex_t count, edge_t arcs) { return perf::bfs_bytes(host.num_vertices(), count, arcs); });
    if (request.validate || request.writes_output) {
      // What is written and verified: the parents of canonical_parents.hpp, the same in every
      // vertex order, every run and every engine.
      r->parent = canonical_bfs_parents(host, source, r->depth);
    }
    if (request.validate) {
      const input_ids input(request);
      report.verdict =
          verify::bfs(input.graph(), input.vertex(source), input.values(r->depth), input.vertices(r->parent));
    }
    report.write = [&host, r](const std::filesystem::path& path) {
      io::write_bfs_result(path, host, r->depth, r->parent);
    };
    // Depths, not parents: any BFS tree is right, and engines may pick different ones.
    report.answer = [r] { return exact_answer(std::span<const vertex_t>(r->depth)); };
    return report;
  }

  /// The options of `plexus run`.
  bfs_options run_options() const {
    bfs_options options;
    options.direction = parse_direction_mode(direction_);
    options.balance = parse_load_balance(balance_);
    if (alpha_option_->count() > 0) options.alpha = alpha_;
    options.beta = beta_;
    return options;
  }

  CLI::Option* alpha_option_ = nullptr;
  source_choice source_;
  std::string direction_ = "auto", balance_ = "auto";
  double alpha_ = 0, beta_ = bfs_options{}.beta;
};

PLEXUS_REGISTER_ALGORITHM(bfs_command);

}  // namespace
}  // namespace plexus::cli
