// `plexus run lp`: community detection by label propagation (semi-synchronous, synchronous,
// randomized or LDBC CDLP, see lp.hpp), reported as iterations, the number of communities and
// their modularity (modularity.hpp; undirected graphs with edges only). The benchmark figure is
// arcs read per second. --validate compares the labels exactly with the serial reference of the
// semi-synchronous, synchronous and CDLP variants (lp_verify.hpp) on the graph as the input
// gave it; the randomized variant
// breaks ties by a seeded hash that no serial reference reproduces, so its check is skipped
// with a note.
#include <fmt/format.h>

#include <cmath>
#include <memory>
#include <string>

#include "plexus/algorithms/lp/lp.hpp"
#include "plexus/algorithms/lp/lp_verify.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/input_ids.hpp"
#include "plexus/core/error.hpp"
#include "plexus/graph/component_sizes.hpp"
#include "plexus/io/result_writer.hpp"
#include "plexus/perf/bytes_moved.hpp"

namespace plexus::cli {
namespace {

/// Synchronous label propagation on power-law graphs settles most labels within a few
/// iterations and then oscillates on the rest; LDBC's CDLP runs 10 as well.
constexpr int kSuiteIterations = 10;

/// Modularity below which a labelling shows no community structure: random graphs without any
/// score about 0 (Newman and Girvan, Phys. Rev. E 69, 026113, 2004: 0.3 and more is typical of
/// graphs with communities).
constexpr double kNoStructure = 0.01;

lp_variant parse_variant(const std::string& name) {
  if (const std::optional<lp_variant> v = lp_variant_named(name)) return *v;
  throw error(error_kind::invalid_argument, fmt::format("--variant {}: lp takes {}", name, kLpVariantNames));
}

class lp_command final : public algorithm_command {
 public:
  lp_command()
      : algorithm_command("lp", "Label propagation (semi-synchronous, synchronous, randomized or LDBC CDLP): communities",
                          input_kind::graph, 50) {}

  void add_run_options(CLI::App& run, load_settings&) override {
    run.add_option("--variant", variant_, "semi-synchronous (default), synchronous, randomized or cdlp");
    tolerance_option_ =
        run.add_option("--tolerance", options_.tolerance,
                       "Fraction of labels changed to stop at (default 0; not for cdlp, which runs --max-iter)")
            ->check(CLI::Range(0.0, 1.0));
    run.add_option("--max-iter", options_.max_iterations,
                   "Iteration limit (default 100; the exact count for cdlp)")
        ->check(CLI::NonNegativeNumber);
    seed_option_ = run.add_option(
        "--seed", options_.seed,
        "Seed of the randomized variant's tie-breaks and the semi-synchronous halves (default 1)");
    run.add_flag_callback(
        "--revote-all", [this] { options_.skip_settled = false; },
        "Vote every vertex in every iteration (default: after an iteration that moved few labels, only "
        "where labels moved nearby; the labels are the same)");
  }

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    // Labels and next labels (4 + 4), and for the skipped votes each vertex's margin and moves,
    // the movers' list and the scan of their degrees (4 + 4 + 4 + 16); GPUs also keep each
    // vertex's winning label and count, and the segmented vote's keys per arc with their
    // offsets and the sort's scratch. The vote reads in- and out-neighbours of a directed graph.
    const std::uint64_t skipping = 28 * shape.vertices;
    if (family_of(where) == backend_family::cpu) return 8 * shape.vertices + skipping + kSmallBuffers;
    const std::uint64_t voters = (shape.directed ? 2 : 1) * shape.arcs;
    return 24 * shape.vertices + skipping + 14 * voters + kSmallBuffers;
  }

  run_report run(const run_request& request) override {
    const device_graph& graph = *request.graph;
    const csr_graph& host = graph.host_graph();
    lp_options settings;
    if (request.purpose == run_purpose::run) {
      settings = options_;
      settings.variant = parse_variant(variant_);
      refuse_options_without_effect(settings.variant);
    } else if (request.purpose == run_purpose::suite) {
      settings.max_iterations = kSuiteIterations;
    }
    auto r = std::make_shared<lp_result>(label_propagation(graph, settings));
    run_report report;
    report.seconds = r->seconds;
    report.iterations = r->iterations;
    const bool has_modularity = !std::isnan(r->modularity);
    const std::string modularity = has_modularity ? fmt::format("{:.6f}", r->modularity) : "n/a";
    report.lines.emplace_back("Iterations", fmt::format("{}", r->iterations));
    report.lines.emplace_back("Communities", fmt::format("{}", r->num_communities));
    if (has_modularity)
      report.lines.emplace_back("Modularity", modularity, "modularity", r->modularity);
    else
      report.lines.push_back(run_line::printed_only("Modularity", modularity));
    report.lines.emplace_back("Last Changed", fmt::format("{}", r->last_changed));
    report.lines.emplace_back("Skipping Iterations", fmt::format("{}", r->skipping_iterations));
    const auto sizes = component_size_histogram(r->label);
    report.summary = fmt::format("{} communities, largest {} vertices, modularity {}", r->num_communities,
                                 sizes.empty() ? 0 : sizes.back().first, modularity);
    // The default job's Kronecker graph ends in one community holding nearly every vertex with
    // an edge; said plainly, so the figure does not read as a failure.
    if (has_modularity && r->modularity < kNoStructure)
      report.summary += " (near 0: no community structure found; Kronecker graphs have none)";
    // Each iteration reads every stored arc once.
    report.metric_name = "Edges/s";
    report.metric = per_second(static_cast<double>(host.num_edges()) * r->iterations, r->seconds);
    report.bytes_moved =
        perf::lp_bytes(host.num_vertices(), host.num_edges(), static_cast<std::uint64_t>(r->iterations));
    report.record = {{"iterations", r->iterations},
                     {"communities", r->num_communities},
                     {"variant", lp_variant_name(settings.variant)}};
    if (has_modularity) report.record["modularity"] = r->modularity;
    if (request.validate) {
      const input_ids input(request);
      const host_vector<vertex_t> label = input.vertices(r->label);
      switch (settings.variant) {
        case lp_variant::semi_synchronous:
          report.verdict = verify::compare_labels(
              input.graph(),
              verify::reference_semi_synchronous_label_propagation(input.graph(), settings.max_iterations,
                                                                   settings.tolerance, settings.seed),
              label);
          break;
        case lp_variant::synchronous:
          report.verdict = verify::compare_labels(
              input.graph(),
              verify::reference_label_propagation(input.graph(), settings.max_iterations, settings.tolerance),
              label);
          break;
        case lp_variant::cdlp:
          report.verdict = verify::compare_labels(
              input.graph(), verify::reference_cdlp(input.graph(), settings.max_iterations), label);
          break;
        case lp_variant::randomized:
          report.validation_note = "no serial reference breaks ties as the randomized variant does";
          break;
      }
    }
    report.write = [&host, r](const std::filesystem::path& path) {
      io::write_vertex_labels(path, host, r->label, "community");
    };
    return report;
  }

 private:
  /// An option the chosen variant ignores is refused rather than silently dropped: CDLP runs
  /// exactly --max-iter iterations, and only the semi-synchronous and randomized variants draw.
  void refuse_options_without_effect(lp_variant variant) const {
    const auto refuse = [&](const char* option, const char* why) {
      throw error(error_kind::invalid_argument,
                  fmt::format("{} does not apply to lp --variant {}: {}", option, variant_, why));
    };
    if (variant == lp_variant::cdlp && tolerance_option_->count() > 0)
      refuse("--tolerance", "it runs exactly --max-iter iterations");
    if ((variant == lp_variant::cdlp || variant == lp_variant::synchronous) && seed_option_->count() > 0)
      refuse("--seed", "it draws nothing (the seed serves the semi-synchronous and randomized variants)");
  }

  lp_options options_;
  CLI::Option* tolerance_option_ = nullptr;
  CLI::Option* seed_option_ = nullptr;
  std::string variant_ = "semi-synchronous";
};

PLEXUS_REGISTER_ALGORITHM(lp_command);

}  // namespace
}  // namespace plexus::cli
