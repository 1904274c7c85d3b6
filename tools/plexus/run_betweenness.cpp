// `plexus run bc`: betweenness centrality (Brandes, see betweenness.hpp) from the sources
// listed with --sources, from -k sources drawn with --seed, or exact (every vertex a
// source), scaled as NetworkX scales it (--normalized, --endpoints). Printed: the sources
// used and the ten most central vertices. The benchmark figure is GTEPS counting, as for
// BFS, every undirected edge once per source (Graph500's count for a connected graph).
// --validate runs the serial Brandes reference with the same sources; exact betweenness on
// more than kMaxExactBetweennessCheck vertices is too slow for it and is skipped with a note.
#include <fmt/format.h>

#include <memory>

#include "analytics.hpp"
#include "plexus/core/error.hpp"
#include "plexus/algorithms/bc/bc_verify.hpp"
#include "result_writer.hpp"

namespace plexus::cli {

analytics_run run_betweenness(const device_graph& graph, const analytics_options& options) {
  const csr_graph& host = graph.host_graph();
  betweenness_options settings;
  const id_lookup ids(host);
  for (const std::uint64_t original : options.bc_sources) {
    const auto v = ids.find(original);
    if (!v)
      throw error(error_kind::invalid_argument,
                  fmt::format("source {} is not a vertex of the graph ({} vertices)", original, host.num_vertices()));
    settings.sources.push_back(*v);
  }
  settings.samples = options.bc_samples;
  settings.seed = options.bc_seed;
  settings.normalized = options.normalized;
  settings.endpoints = options.endpoints;
  betweenness_result r = betweenness(graph, settings);
  analytics_run run;
  run.seconds = r.seconds;
  run.iterations = r.batches;

  const bool exact = r.sources.empty();
  const std::uint64_t num_sources = exact ? host.num_vertices() : r.sources.size();
  std::string listed;
  for (std::size_t i = 0; i < r.sources.size() && i < 16; ++i)
    listed += fmt::format("{}{}", i ? ", " : "", host.original_id(r.sources[i]));
  if (r.sources.size() > 16) listed += ", ...";
  run.lines.emplace_back("Sources", exact ? fmt::format("all {} vertices (exact)", num_sources)
                                          : fmt::format("{} ({})", num_sources, listed));
  run.lines.emplace_back("Batches", fmt::format("{}", r.batches));
  run.lines.emplace_back("Top Vertices", top_vertices(host, r.score, 10));
  run.summary = fmt::format("top vertex {} from {} sources", top_vertices(host, r.score, 1), num_sources);
  const double edges = static_cast<double>(host.num_logical_edges()) * num_sources;
  run.metric_name = "GTEPS";
  run.metric = run.seconds > 0 ? edges / run.seconds / 1e9 : 0.0;
  run.record = {{"sources", num_sources}, {"batches", r.batches}, {"normalized", settings.normalized},
                {"endpoints", settings.endpoints}};

  if (options.validate) {
    if (exact && host.num_vertices() > kMaxExactBetweennessCheck)
      run.validation_note = fmt::format(
          "the exact serial reference on {} vertices (more than {}) would take too long; "
          "validate sampled sources with -k instead",
          host.num_vertices(), kMaxExactBetweennessCheck);
    else
      run.verdict = verify::compare_betweenness(
          verify::reference_betweenness(host, r.sources, settings.normalized, settings.endpoints), r.score);
  }
  auto kept = std::make_shared<betweenness_result>(std::move(r));
  run.write = [&host, kept](const std::filesystem::path& path) { write_vertex_reals(path, host, kept->score); };
  return run;
}

}  // namespace plexus::cli
