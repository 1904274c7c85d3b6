// `plexus run sssp`: shortest paths from one source (-s in the input's ids, default a vertex
// of maximum degree) with the near-far loop of sssp.hpp, reported as the traversal time, the
// rounds, the vertices reached, the largest finite distance, the edges traversed and GTEPS
// (Graph500's count). An unweighted graph counts every arc as weight 1; --random-weights gives
// every arc a deterministic integer weight in [1, 255] instead. --validate checks distances
// and parents with the serial verifier (sssp_verify.hpp) on the graph as the input gave it;
// --out writes "vertex<TAB>distance<TAB>parent" in the input's ids. Both use the canonical
// parents of sssp_parents.hpp, so the file is the same in every vertex order. With
// --distributed each rank runs sssp_dist.hpp on its part (push rounds only) and the parents
// are built across the ranks (sssp_parents_dist.hpp): the same distances, file and verdict.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/sssp/sssp_dist.hpp"
#include "plexus/algorithms/sssp/sssp_outofcore.hpp"
#include "plexus/algorithms/sssp/sssp_parents.hpp"
#include "plexus/algorithms/sssp/sssp_parents_dist.hpp"
#include "plexus/algorithms/sssp/sssp_verify.hpp"
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

class sssp_command final : public algorithm_command {
 public:
  sssp_command()
      : algorithm_command("sssp",
                          "Single-source shortest paths, near-far: distance and parent of every vertex",
                          input_kind::graph, 20, true) {}

  void add_run_options(CLI::App& run, load_settings& load) override {
    source_.add_option(run, "Source vertex in the input's ids (default: a vertex of maximum degree)");
    run.add_option("--direction", direction_,
                   "auto (default): pull the heavy rounds; push or pull: every round that way")
        ->check(CLI::IsMember({"auto", "push", "pull"}));
    run.add_option("--balance", balance_,
                   "Load balancing of push rounds: auto, thread_mapped, warp_mapped, block_mapped, "
                   "degree_bucketed, edge_balanced");
    run.add_option("--delta", delta_,
                   "Bucket width (default: chosen from the weights); at least the smaller of the smallest "
                   "positive weight and the largest weight / 2^20")
        ->check(CLI::NonNegativeNumber);
    pull_fraction_option_ =
        run.add_option("--pull-fraction", pull_fraction_,
                       "Pull the rounds whose near set holds more than this fraction of the "
                       "arcs (default 0.5 on the host, 0.3 on GPUs)")
            ->check(CLI::Range(0.0, 1.0));
    run.add_flag("--random-weights", load.random_weights,
                 "Replace weights by deterministic uniform integers in [1, 255]");
  }

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    return sssp_working_bytes(shape, where);
  }

  bool streams() const override { return true; }

  run_report run(const run_request& request) override {
    if (request.streaming) {
      // Out of core: frontier Bellman-Ford (sssp_outofcore.hpp), the same distances.
      const streaming_run& streaming = *request.streaming;
      const csr_graph& host = *streaming.graph;
      const vertex_t source = source_.resolve(host, request);
      return report(host, source,
                    std::make_shared<sssp_result>(
                        naming_input(request,
                                     [&] {
                                       // report() builds the parents where they are checked or written.
                                       return sssp_out_of_core(host, source, streaming.where,
                                                               streaming.options, *streaming.report, false);
                                     })),
                    request);
    }
    const device_graph& graph = *request.graph;
    const csr_graph& host = graph.host_graph();
    sssp_options options = request.purpose == run_purpose::run ? run_options() : sssp_options{};
    options.parents = false;  // report() builds them where they are checked or written
    const vertex_t source = source_.resolve(host, request);
    return report(
        host, source,
        std::make_shared<sssp_result>(naming_input(request, [&] { return sssp(graph, source, options); })),
        request);
  }

  std::optional<dist::list_order> distributed_lists() const override { return dist::list_order::local; }

  distributed_report run_distributed(const distributed_request& request) override {
    dist::communicator& comm = *request.comm;
    const dist::rank_graph& graph = *request.graph;
    const sssp_options options = dist::agreed(
        comm, [&] { return request.purpose == run_purpose::run ? run_options() : sssp_options{}; });
    const vertex_t source = source_.resolve(request);
    const auto r = std::make_shared<sssp_dist_result>(naming_input(request, [&] {
      return sssp_distributed(comm, graph.part, *request.local, graph.original_ids, source, options);
    }));
    const auto reached = [&](vertex_t v) { return !std::isinf(r->distance[v]); };
    const vertex_t n = graph.part.ranges().num_vertices();
    distributed_report out;
    out.exchange = r->exchange;
    out.report = traversal_report(
        comm, graph, source, r->seconds, r->iterations, std::span<const weight_t>(r->distance), reached,
        "Distance", "max distance",
        [&](vertex_t count, edge_t arcs) { return perf::sssp_bytes(n, count, arcs, graph.weighted); });
    add_weight_facts(out.report, graph.weighted, 0);  // every distributed round pushes
    keep_answer(request, std::span<const weight_t>(r->distance), exact_answer<weight_t>, out.report);
    // The parents written and verified: sssp_parents.hpp's tree, built across the ranks.
    add_traversal_outputs<weight_t>(
        request, source, std::shared_ptr<const host_vector<weight_t>>(r, &r->distance),
        [&](dist::exchange_stats& stats) {
          return canonical_sssp_parents_distributed(comm, graph, source, r->distance, stats);
        },
        [](const std::filesystem::path& path, const io::vertex_names& names,
           std::span<const weight_t> distance,
           std::span<const std::uint64_t> parent) { io::write_sssp_result(path, names, distance, parent); },
        [](const csr_graph& whole, vertex_t from, std::span<const weight_t> distance,
           std::span<const vertex_t> parent) { return verify::sssp(whole, from, distance, parent); },
        out);
    return out;
  }

 private:
  /// What every run reports beyond the traversal's lines: that an unweighted graph counts
  /// every arc as 1, and the rounds that pulled.
  static void add_weight_facts(run_report& report, bool weighted, int pull_rounds) {
    if (!weighted) report.lines.insert(report.lines.begin(), {"Weights", "1 (unweighted graph)"});
    report.record["pull_rounds"] = pull_rounds;
  }

  /// The options of `plexus run`.
  sssp_options run_options() const {
    sssp_options options;
    options.direction = parse_direction_mode(direction_);
    options.balance = parse_load_balance(balance_);
    options.delta = delta_;
    if (pull_fraction_option_->count() > 0) options.pull_fraction = pull_fraction_;
    return options;
  }

  /// The run's lines, its check and its output, whichever engine computed `r`.
  static run_report report(const csr_graph& host, vertex_t source, std::shared_ptr<sssp_result> r,
                           const run_request& request) {
    const auto reached = [&](vertex_t v) { return !std::isinf(r->distance[v]); };
    run_report report = traversal_report<weight_t>(
        host, source, r->seconds, r->iterations, r->distance, reached, "Distance", "max distance",
        [&](vertex_t count, edge_t arcs) {
          return perf::sssp_bytes(host.num_vertices(), count, arcs, host.weighted());
        });
    add_weight_facts(report, host.weighted(), r->pull_rounds);
    if ((request.validate || request.writes_output) && r->parent.empty()) {
      // What is written and verified: the parents of sssp_parents.hpp, the same tree in every
      // vertex order, every run and every engine.
      r->parent = canonical_sssp_parents(host, source, r->distance);
    }
    if (request.validate) {
      const input_ids input(request);
      report.verdict = verify::sssp(input.graph(), input.vertex(source), input.values(r->distance),
                                    input.vertices(r->parent));
    }
    report.write = [&host, r](const std::filesystem::path& path) {
      io::write_sssp_result(path, host, r->distance, r->parent);
    };
    // Distances, not parents: ties may pick different shortest-path trees.
    report.answer = [r] { return exact_answer(std::span<const weight_t>(r->distance)); };
    return report;
  }

  CLI::Option* pull_fraction_option_ = nullptr;
  source_choice source_;
  std::string direction_ = "auto", balance_ = "auto";
  float delta_ = 0;
  double pull_fraction_ = 0;
};

PLEXUS_REGISTER_ALGORITHM(sssp_command);

}  // namespace
}  // namespace plexus::cli
