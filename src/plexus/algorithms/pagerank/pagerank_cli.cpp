// `plexus run pagerank`: PageRank (NetworkX or LDBC Graphalytics variant, see pagerank.hpp),
// reported as iterations, the stopping rule, convergence, the residual (the L1 change of the
// last iteration) with the bound it gives on the distance to the fixed point, and the ten
// highest-ranked vertices. --weighted weighs arcs by the graph's weights. The benchmark
// figure is the memory bandwidth of the gather step: bytes_per_iteration * iterations /
// seconds, over a fixed amount of work per trial (the Graphalytics variant, kBenchIterations
// iterations, so that every trial does the same work whatever the graph). --validate runs the
// matching serial reference (pagerank_verify.hpp) with the same damping, tolerance, iteration
// limit, stopping rule, weighting and personalization, and compares entry by entry. With
// --distributed each rank runs pagerank_dist.hpp on its part (no personalization yet): the
// same ranks bit for bit, so the same report, file and verdict.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>

#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/pagerank/pagerank_dist.hpp"
#include "plexus/algorithms/pagerank/pagerank_outofcore.hpp"
#include "plexus/algorithms/pagerank/pagerank_verify.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/distributed_run.hpp"
#include "plexus/cli/input_ids.hpp"
#include "plexus/cli/summaries.hpp"
#include "plexus/cli/vertex_files.hpp"
#include "plexus/core/error.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/gather.hpp"
#include "plexus/io/result_writer.hpp"

namespace plexus::cli {
namespace {

constexpr int kBenchIterations = 10;
/// How close two runs' ranks must be, relative per vertex (two engines, or a distributed run and
/// a single one): they may add in different orders.
constexpr double kEnginesAgreeWithin = 1e-6;

verify::verdict validate(const csr_graph& host, const pagerank_options& settings,
                         std::span<const double> rank) {
  // Both sides iterate the same formula and stop on the same test, so they differ only by
  // the order of floating-point additions, unless one side stops an iteration earlier than
  // the other. Under the error bound each side is then within the tolerance of the fixed
  // point in L1, so within twice of the other in every entry; NetworkX's test bounds the
  // change per vertex on average only, and its tolerance is kept as the allowance.
  const double allowance = settings.stop == pagerank_stop::error_bound ? 2 * settings.tolerance : settings.tolerance;
  const double tolerance = std::max(allowance, 1e-9);
  if (settings.variant == pagerank_variant::graphalytics)
    return verify::compare_pagerank(
        host, verify::reference_pagerank_graphalytics(host, settings.damping, settings.max_iterations), rank,
        tolerance);
  try {
    return verify::compare_pagerank(
        host,
        verify::reference_pagerank(host, settings.damping, settings.tolerance, settings.max_iterations,
                                   settings.personalization, settings.stop, settings.weighted),
        rank, tolerance);
  } catch (const error& e) {
    return verify::fail(fmt::format("the reference failed: {}", e.what()));
  }
}

/// The "Stopping Rule" line: what made (or would have made) the run stop.
std::string stopping_rule(const pagerank_options& settings) {
  if (settings.variant == pagerank_variant::graphalytics)
    return fmt::format("fixed count ({} iterations)", settings.max_iterations);
  if (settings.stop == pagerank_stop::networkx)
    return fmt::format("networkx (L1 change < vertices * {:g})", settings.tolerance);
  return fmt::format("error bound (L1 distance to the fixed point <= {:g})", settings.tolerance);
}

class pagerank_command final : public algorithm_command {
 public:
  pagerank_command()
      : algorithm_command("pagerank", "PageRank (NetworkX or LDBC Graphalytics): the rank of every vertex",
                          input_kind::graph, 40) {}

  void add_run_options(CLI::App& run, load_settings&) override {
    run.add_option("--damping", options_.damping, "Damping factor (default 0.85)");
    tolerance_option_ = run.add_option("--tolerance", options_.tolerance,
                   "Stop within this L1 distance of the fixed point (default 1e-6; with --stop networkx: "
                   "the L1 change per vertex)")
        ->check(CLI::NonNegativeNumber);
    stop_option_ = run.add_option("--stop", stop_,
                   "error-bound (default): stop when damping / (1 - damping) * L1 change <= tolerance, "
                   "which bounds the L1 distance to the fixed point; networkx: NetworkX's test, L1 change "
                   "< vertices * tolerance")
        ->check([](const std::string& name) {
          return pagerank_stop_named(name) ? std::string()
                                           : fmt::format("{} is not a stopping rule ({})", name, kPagerankStopNames);
        });
    run.add_flag("--weighted", options_.weighted,
                 "Weigh arc u->v by w(u, v) / (u's out-weight), as NetworkX's pagerank(G, weight='weight')");
    run.add_option("--max-iter", options_.max_iterations,
                   "Iteration limit (default 100; the exact count for graphalytics)")
        ->check(CLI::NonNegativeNumber);
    run.add_option("--personalization", personalization_,
                   "Personalization: \"vertex value\" lines, unlisted vertices 0")
        ->check(CLI::ExistingFile);
    run.add_option("--variant", variant_, "networkx (default) or graphalytics");
    run.add_option(
           "--gather", gather_,
           "Read contributions hub-clustered (clustered) or in vertex order (vertex); auto (default): "
           "vertex order when the graph is already in degree order, else clustered")
        ->check(CLI::IsMember({"auto", "clustered", "vertex"}));
  }

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    pagerank_options asked = options_;
    asked.gather = gather();
    return pagerank_working_bytes(shape, where, asked);
  }

  bool streams() const override { return true; }

  std::optional<dist::list_order> distributed_lists() const override {
    // Each owned vertex's in-list in the whole graph's order: one device's sums.
    return dist::list_order::global;
  }

  distributed_report run_distributed(const distributed_request& request) override {
    dist::communicator& comm = *request.comm;
    const dist::rank_graph& graph = *request.graph;
    const pagerank_options settings = dist::agreed(comm, [&] {
      if (request.purpose != run_purpose::run) return bench_settings();
      if (!personalization_.empty())
        throw error(error_kind::unsupported,
                    "--personalization does not run distributed yet: run without --distributed");
      pagerank_options s = run_settings();
      check_pagerank_options(s);
      return s;
    });
    const auto r =
        std::make_shared<pagerank_dist_result>(pagerank_distributed(comm, graph, *request.local, settings));
    const std::span<const double> owned = r->run.rank;
    distributed_report out;
    out.exchange = r->exchange;
    const std::vector<ranked_vertex> best = top_candidates(comm, graph, owned, 10);
    out.report = figures(settings, r->run, top_vertices_line(best, 10), top_vertices(best, 1), graph.weighted);
    keep_answer(
        request, owned,
        [](std::span<const double> all) { return approximate_answer(all, kEnginesAgreeWithin); }, out.report);
    if (request.writes_per_rank)
      out.write_rank = [names = owned_names(graph), r](const std::filesystem::path& path) {
        io::write_vertex_reals(path, names, r->run.rank, "rank");
      };
    if (!request.validate && !request.writes_output) return out;
    const auto rank = std::make_shared<host_vector<double>>(dist::gather_to_root<double>(comm, owned));
    const auto ids = std::make_shared<host_vector<std::uint64_t>>(gather_input_ids(comm, graph));
    if (comm.rank() != 0) return out;
    if (request.validate) check(out.report, settings, r->run, *request.whole, *rank);
    if (request.writes_output) {
      const vertex_t n = graph.part.ranges().num_vertices();
      out.report.write = [n, rank, ids](const std::filesystem::path& path) {
        io::write_vertex_reals(path, io::vertex_names(n, *ids), *rank, "rank");
      };
    }
    return out;
  }

  run_report run(const run_request& request) override {
    const csr_graph& host = request.streaming ? *request.streaming->graph : request.graph->host_graph();
    const pagerank_options settings = settings_for(request, host);
    std::shared_ptr<pagerank_result> r;
    if (request.streaming) {
      // Out of core: the same definition, contributions read in vertex order (pagerank_outofcore.hpp).
      const streaming_run& streaming = *request.streaming;
      r = std::make_shared<pagerank_result>(naming_input(request, [&] {
        return pagerank_out_of_core(host, streaming.where, settings, streaming.options, *streaming.report);
      }));
    } else {
      r = std::make_shared<pagerank_result>(naming_input(request, [&] { return pagerank(*request.graph, settings); }));
    }
    return report(host, settings, r, request);
  }

 private:
  /// The options of `plexus run`, but the personalization vector.
  pagerank_options run_settings() const {
    pagerank_options settings = options_;
    if (variant_ == "graphalytics") {
      settings.variant = pagerank_variant::graphalytics;
      // It runs exactly --max-iter iterations: a stopping rule would be dropped silently.
      for (const CLI::Option* option : {tolerance_option_, stop_option_})
        if (option->count() > 0)
          throw error(error_kind::invalid_argument,
                      fmt::format("{} does not apply to pagerank --variant graphalytics: it runs exactly "
                                  "--max-iter iterations",
                                  option->get_name()));
    } else if (variant_ != "networkx") {
      throw error(error_kind::invalid_argument,
                  fmt::format("--variant {}: pagerank takes networkx or graphalytics", variant_));
    }
    settings.gather = gather();
    settings.stop = *pagerank_stop_named(stop_);
    return settings;
  }

  /// The options of this run: the command line's for `plexus run`, a fixed amount of work for
  /// the benchmark.
  pagerank_options settings_for(const run_request& request, const csr_graph& host) const {
    pagerank_options settings;
    if (request.purpose == run_purpose::run) {
      settings = run_settings();
      if (!personalization_.empty()) settings.personalization = read_vertex_values(personalization_, host);
    } else if (request.purpose == run_purpose::bench) {
      settings = bench_settings();
    }
    return settings;
  }

  /// The benchmark's fixed amount of work.
  static pagerank_options bench_settings() {
    pagerank_options settings;
    settings.variant = pagerank_variant::graphalytics;
    settings.max_iterations = kBenchIterations;
    return settings;
  }

  /// The run's lines and figures; `top` and `top_one` its ten and its first vertices.
  static run_report figures(const pagerank_options& settings, const pagerank_result& r, run_line top,
                            const std::string& top_one, bool graph_weighted) {
    run_report report;
    report.seconds = r.seconds;
    report.iterations = r.iterations;
    report.lines.emplace_back("Iterations", fmt::format("{}", r.iterations));
    if (r.gather == pagerank_gather::hub_clustered)
      report.lines.push_back(run_line::seconds("Layout Time", "layout_seconds", r.layout_seconds));
    if (settings.weighted)
      report.lines.emplace_back(
          "Weights", graph_weighted ? "w(u, v) / out-weight of u" : "1 per arc (unweighted graph)");
    report.lines.emplace_back("Stopping Rule", stopping_rule(settings));
    report.lines.emplace_back("Converged", r.converged ? "yes" : "no");
    report.lines.emplace_back("Residual", fmt::format("{:.6g}", r.last_change));
    report.lines.emplace_back("Error Bound", fmt::format("{:.6g}", r.error_bound));
    report.lines.push_back(std::move(top));
    report.summary =
        fmt::format("{} iterations, residual {:.3g}, top vertex {}", r.iterations, r.last_change, top_one);
    report.metric_name = "GB/s";
    report.bytes_moved = r.bytes_per_iteration * static_cast<std::uint64_t>(r.iterations);
    report.metric = per_second(static_cast<double>(report.bytes_moved), r.seconds) / 1e9;
    report.record = {
        {"iterations", r.iterations},
        {"converged", r.converged},
        {"residual", r.last_change},
        {"error_bound", r.error_bound},
        {"weighted_pagerank", settings.weighted},
        {"iteration_bytes", r.bytes_per_iteration},
        {"layout_seconds", r.layout_seconds},
        {"gather", r.gather == pagerank_gather::hub_clustered ? "hub_clustered" : "vertex_order"},
        {"variant", settings.variant == pagerank_variant::networkx ? "networkx" : "graphalytics"}};
    return report;
  }

  /// --validate: the verdict on `rank` against the graph as the input gave it, with `reference`
  /// the run's settings in that graph's ids; or why it is skipped.
  static void check(run_report& report, const pagerank_options& reference, const pagerank_result& r,
                    const csr_graph& graph, std::span<const double> rank) {
    if (reference.variant == pagerank_variant::networkx && !r.converged)
      report.validation_note =
          fmt::format("no convergence within {} iterations, where the NetworkX reference raises",
                      reference.max_iterations);
    else
      report.verdict = validate(graph, reference, rank);
  }

  /// The run's lines, its check and its output, whichever engine computed `r`.
  static run_report report(const csr_graph& host, const pagerank_options& settings,
                           std::shared_ptr<pagerank_result> r, const run_request& request) {
    run_report report = figures(settings, *r, top_vertices_line(host, r->rank, 10), top_vertices(host, r->rank, 1),
                                host.weighted());
    if (request.validate) {
      // Checked on the graph as the input gave it, personalization included.
      const input_ids input(request);
      pagerank_options reference = settings;
      const host_vector<double> personalization = input.values(settings.personalization);
      reference.personalization.assign(personalization.begin(), personalization.end());
      check(report, reference, *r, input.graph(), input.values(r->rank));
    }
    report.write = [&host, r](const std::filesystem::path& path) {
      io::write_vertex_reals(path, host, r->rank, "rank");
    };
    report.answer = [r] { return approximate_answer(r->rank, kEnginesAgreeWithin); };
    return report;
  }

  /// The layout --gather asks for.
  pagerank_gather gather() const {
    return gather_ == "vertex"      ? pagerank_gather::vertex_order
           : gather_ == "clustered" ? pagerank_gather::hub_clustered
                                    : pagerank_gather::automatic;
  }

  pagerank_options options_;
  std::filesystem::path personalization_;
  std::string variant_ = "networkx", gather_ = "auto", stop_ = "error-bound";
  CLI::Option* tolerance_option_ = nullptr;
  CLI::Option* stop_option_ = nullptr;
};

PLEXUS_REGISTER_ALGORITHM(pagerank_command);

}  // namespace
}  // namespace plexus::cli
