// `plexus run bc`: betweenness centrality (Brandes, see bc.hpp) from the sources listed with
// --sources, from -k sources drawn with --seed, or exact (every vertex a source), scaled as
// NetworkX scales it (--normalized, --endpoints). Printed: the sources used and the ten most
// central vertices. The benchmark figure is GTEPS counting, as for BFS, every undirected edge
// once per source (Graph500's count for a connected graph); a bench trial runs from
// --bc-samples sources drawn with the bench's --seed. --validate runs the serial Brandes
// reference with the same sources on the graph as the input gave it; exact betweenness on
// more than kMaxExactCheck vertices is too slow for it and is skipped with a note.
#include <fmt/format.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "plexus/algorithms/bc/bc.hpp"
#include "plexus/algorithms/bc/bc_verify.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/input_ids.hpp"
#include "plexus/cli/sources.hpp"
#include "plexus/cli/summaries.hpp"
#include "plexus/cli/vertex_files.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"
#include "plexus/io/result_writer.hpp"
#include "plexus/perf/bytes_moved.hpp"

namespace plexus::cli {
namespace {

/// Exact betweenness checks run one BFS per vertex in the serial reference; above this many
/// vertices --validate says so and skips the check instead of running for minutes.
constexpr vertex_t kMaxExactCheck = 20000;
/// Sampled sources of the default job: exact betweenness is one BFS per vertex.
constexpr vertex_t kSuiteSources = 16;

/// `count` distinct vertices with out-arcs (all of them when fewer), drawn with `seed`.
std::vector<vertex_t> sources_with_arcs(const csr_graph& g, vertex_t count, std::uint64_t seed) {
  std::vector<vertex_t> candidates;
  for (vertex_t v = 0; v < g.num_vertices(); ++v)
    if (g.degree(v) > 0) candidates.push_back(v);
  std::vector<vertex_t> drawn;
  for (const vertex_t rank : betweenness_sample(static_cast<vertex_t>(candidates.size()), count, seed))
    drawn.push_back(candidates[rank]);
  return drawn;
}

/// Refuses a batch of sources whose state, one entry per source and vertex, would not fit in
/// what `where` has free, naming `option` and the largest batch that would.
void require_batch_fits(const char* option, vertex_t batch, std::uint64_t sources, vertex_t vertices,
                        backend where) {
  if (batch == 0) return;
  const std::uint64_t free = backend_memory(where).free;
  if (betweenness_working_bytes(vertices, sources, where, batch) <= free) return;
  vertex_t fitting = batch;
  while (fitting > 1 && betweenness_working_bytes(vertices, sources, where, fitting) > free) fitting /= 2;
  throw error(
      error_kind::invalid_argument,
      fmt::format("{} {}: a batch holds its sources' state at each of the {} vertices, {} in all, but "
                  "{} has {} free; a batch of {} fits",
                  option, batch, vertices,
                  human_bytes(betweenness_working_bytes(vertices, sources, where, batch)), to_string(where),
                  human_bytes(free), fitting));
}

class bc_command final : public algorithm_command {
 public:
  bc_command()
      : algorithm_command("bc", "Betweenness centrality (Brandes), exact or from sampled sources",
                          input_kind::graph, 80, true) {}

  void add_run_options(CLI::App& run, load_settings&) override {
    auto* sources = run.add_option("--sources", sources_, "Source vertices, comma-separated")->delimiter(',');
    auto* samples =
        run.add_option("-k", samples_, "This many sources drawn with --seed")->check(CLI::PositiveNumber);
    auto* exact = run.add_flag("--exact", exact_, "Every vertex a source (the default)");
    sources->excludes(samples);
    exact->excludes(sources)->excludes(samples);
    run.add_option("--seed", seed_, "Seed of the -k draw (default 1)");
    run.add_flag("--normalized", normalized_, "NetworkX normalized scores (default: unnormalized)");
    run.add_flag("--endpoints", endpoints_, "Paths also count for their two ends");
    run.add_option("--batch", batch_, "Sources traversed together (default: chosen from the graph and back end)")
        ->check(CLI::PositiveNumber);
  }

  void add_bench_options(CLI::App& bench) override {
    bench
        .add_option("--bc-samples", bench_samples_,
                    "Sources of each bc trial: 1 is the trial's source (as for bfs), more are drawn with --seed among the vertices with out-arcs (default 16)")
        ->check(CLI::PositiveNumber);
    bench
        .add_option("--bc-batch", bench_batch_,
                    "Sources bc traverses together (default: chosen from the graph and back end)")
        ->check(CLI::PositiveNumber);
  }

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    const std::uint64_t sources = !sources_.empty() ? sources_.size() : samples_ > 0 ? samples_ : shape.vertices;
    // On GPUs the library's scratch grows with the arcs too.
    const std::uint64_t scratch = family_of(where) == backend_family::simt ? 3 * shape.arcs : 0;
    return betweenness_working_bytes(shape.vertices, sources, where, batch_) + scratch;
  }

  run_report run(const run_request& request) override {
    const device_graph& graph = *request.graph;
    const csr_graph& host = graph.host_graph();
    betweenness_options settings;
    settings.normalized = false;  // the command line's scores are raw unless --normalized
    switch (request.purpose) {
      case run_purpose::run: {
        const id_lookup ids(host);
        for (const std::uint64_t original : sources_) {
          const auto v = ids.find(original);
          if (!v) throw_not_a_source(host, original, request.input_name, request.origin);
          settings.sources.push_back(*v);
        }
        settings.samples = samples_;
        settings.seed = seed_;
        settings.normalized = normalized_;
        settings.endpoints = endpoints_;
        settings.batch_size = batch_;
        break;
      }
      case run_purpose::bench:
        // As GAPBS benchmarks BC: one source is the trial's (drawn from the largest component,
        // as for BFS, so the two compare); more are drawn among the vertices with out-arcs,
        // since an isolated source costs nothing.
        if (bench_samples_ == 1 && request.source)
          settings.sources = {*request.source};
        else
          settings.sources = sources_with_arcs(host, bench_samples_, request.seed);
        settings.batch_size = bench_batch_;
        // `plexus run` weighs the batch in its memory check (working_bytes); a bench has none.
        require_batch_fits("--bc-batch", bench_batch_, settings.sources.size(), host.num_vertices(),
                           graph.where());
        break;
      case run_purpose::suite:
        settings.samples = kSuiteSources;
        break;
    }
    auto r = std::make_shared<betweenness_result>(betweenness(graph, settings));
    const bool exact = r->sources.empty();
    const std::uint64_t num_sources = exact ? host.num_vertices() : r->sources.size();
    std::string listed;
    for (std::size_t i = 0; i < r->sources.size() && i < 16; ++i)
      listed += fmt::format("{}{}", i ? ", " : "", host.original_id(r->sources[i]));
    if (r->sources.size() > 16) listed += ", ...";

    run_report report;
    report.seconds = r->seconds;
    report.iterations = r->batches;
    report.lines.emplace_back("Sources", exact ? fmt::format("all {} vertices (exact)", num_sources)
                                               : fmt::format("{} ({})", num_sources, listed));
    report.lines.emplace_back("Batches", fmt::format("{}", r->batches));
    report.lines.emplace_back("Top Vertices", top_vertices(host, r->score, 10));
    report.summary =
        fmt::format("top vertex {} from {} sources", top_vertices(host, r->score, 1), num_sources);
    report.metric_name = "GTEPS";
    report.metric = per_second(static_cast<double>(host.num_logical_edges()) * num_sources, r->seconds) / 1e9;
    report.bytes_moved = perf::bc_bytes(host.num_vertices(), host.num_edges(), num_sources);
    report.record = {{"sources", num_sources},
                     {"batches", r->batches},
                     {"normalized", settings.normalized},
                     {"endpoints", settings.endpoints}};
    if (request.validate) {
      if (exact && host.num_vertices() > kMaxExactCheck)
        report.validation_note = fmt::format(
            "the exact serial reference on {} vertices (more than {}) would take too long; "
            "validate sampled sources with -k instead",
            host.num_vertices(), kMaxExactCheck);
      else {
        const input_ids input(request);
        std::vector<vertex_t> sources;
        for (const vertex_t s : r->sources) sources.push_back(input.vertex(s));
        report.verdict = verify::compare_betweenness(
            input.graph(),
            verify::reference_betweenness(input.graph(), sources, settings.normalized, settings.endpoints),
            input.values(r->score));
      }
    }
    report.write = [&host, r](const std::filesystem::path& path) {
      io::write_vertex_reals(path, host, r->score, "betweenness");
    };
    return report;
  }

 private:
  std::vector<std::uint64_t> sources_;
  vertex_t samples_ = 0, bench_samples_ = 16, batch_ = 0, bench_batch_ = 0;
  bool exact_ = false, normalized_ = false, endpoints_ = false;
  std::uint64_t seed_ = 1;
};

PLEXUS_REGISTER_ALGORITHM(bc_command);

}  // namespace
}  // namespace plexus::cli
