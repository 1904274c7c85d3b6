// `plexus run jaccard`: Jaccard similarity of neighbourhoods (see jaccard.hpp) in one of
// three forms: one score per edge (default; the file lists every undirected edge once,
// "u<TAB>v<TAB>J"), the scores of the pairs listed in --pairs FILE, or with --top-k K the K
// most similar neighbours of every vertex. Printed: pairs scored, mean and largest score.
// The benchmark figure is pairs scored per second. --validate compares with the serial merge
// reference (verify/jaccard.hpp): per edge or per pair within 1e-9, and for top-k the same
// neighbours in the same order.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "analytics.hpp"
#include "plexus/algorithms/jaccard/jaccard_verify.hpp"
#include "result_writer.hpp"

namespace plexus::cli {

namespace {

constexpr double kScoreTolerance = 1e-9;

struct scored_pairs {
  std::vector<std::pair<vertex_t, vertex_t>> pairs;
  std::vector<double> score;
};

/// Every undirected edge once (u <= v) with its per-arc score.
scored_pairs edges_once(const csr_graph& graph, std::span<const double> arc_score) {
  scored_pairs out;
  const auto& offsets = graph.out().offsets;
  const auto& indices = graph.out().indices;
  for (vertex_t u = 0; u < graph.num_vertices(); ++u)
    for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e)
      if (u <= indices[e]) {
        out.pairs.emplace_back(u, indices[e]);
        out.score.push_back(arc_score[e]);
      }
  return out;
}

verify::verdict compare_scores(std::span<const double> expected, std::span<const double> actual,
                               std::span<const std::pair<vertex_t, vertex_t>> pairs, const csr_graph& graph) {
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (!(std::abs(expected[i] - actual[i]) <= kScoreTolerance))
      return verify::fail(fmt::format("pair ({}, {}): score {} but the reference gives {}",
                                      graph.original_id(pairs[i].first), graph.original_id(pairs[i].second),
                                      actual[i], expected[i]));
  return verify::pass();
}

verify::verdict compare_top_k(const csr_graph& graph, const jaccard_top_k_result& r, vertex_t k) {
  const verify::top_k_jaccard_result expected = verify::reference_top_k_jaccard(graph, k);
  for (vertex_t u = 0; u < graph.num_vertices(); ++u) {
    const edge_t count = r.offsets[u + 1] - r.offsets[u];
    if (count != expected.offsets[u + 1] - expected.offsets[u])
      return verify::fail(fmt::format("vertex {}: {} neighbours listed, the reference lists {}", graph.original_id(u),
                                      count, expected.offsets[u + 1] - expected.offsets[u]));
    for (edge_t i = 0; i < count; ++i) {
      const edge_t a = r.offsets[u] + i, b = expected.offsets[u] + i;
      if (r.neighbors[a] != expected.neighbors[b] || !(std::abs(r.scores[a] - expected.scores[b]) <= kScoreTolerance))
        return verify::fail(fmt::format("vertex {}: neighbour {} is {} (score {}), the reference has {} (score {})",
                                        graph.original_id(u), i + 1, graph.original_id(r.neighbors[a]), r.scores[a],
                                        graph.original_id(expected.neighbors[b]), expected.scores[b]));
    }
  }
  return verify::pass();
}

}  // namespace

analytics_run run_jaccard(const device_graph& graph, const analytics_options& options) {
  const csr_graph& host = graph.host_graph();
  jaccard_options settings;
  settings.method = options.intersect;
  analytics_run run;
  run.iterations = 1;
  auto result = std::make_shared<scored_pairs>();
  std::size_t scored = 0;  // intersections the algorithm computed

  if (!options.pairs.empty()) {
    result->pairs = read_vertex_pairs(options.pairs, host);
    jaccard_result r = jaccard_pairs(graph, result->pairs, settings);
    run.seconds = r.seconds;
    result->score.assign(r.score.begin(), r.score.end());
    scored = result->pairs.size();
    if (options.validate)
      run.verdict = compare_scores(verify::reference_jaccard_pairs(host, result->pairs), result->score, result->pairs,
                                   host);
  } else if (options.edge_sample > 0 && options.edge_sample < host.num_edges()) {
    // Evenly spaced arcs: a deterministic sample whose mean tracks the mean over all edges.
    const edge_t stride = host.num_edges() / options.edge_sample;
    for (vertex_t u = 0; u < host.num_vertices(); ++u)
      for (edge_t e = host.offsets()[u]; e < host.offsets()[u + 1]; ++e)
        if (e % stride == 0) result->pairs.emplace_back(u, host.indices()[e]);
    jaccard_result r = jaccard_pairs(graph, result->pairs, settings);
    run.seconds = r.seconds;
    result->score.assign(r.score.begin(), r.score.end());
    scored = result->pairs.size();
    if (options.validate)
      run.verdict = compare_scores(verify::reference_jaccard_pairs(host, result->pairs), result->score, result->pairs,
                                   host);
  } else if (options.top_k > 0) {
    jaccard_top_k_result r = jaccard_top_k(graph, options.top_k, settings);
    run.seconds = r.seconds;
    scored = host.num_edges();
    for (vertex_t u = 0; u < host.num_vertices(); ++u)
      for (edge_t i = r.offsets[u]; i < r.offsets[u + 1]; ++i) {
        result->pairs.emplace_back(u, r.neighbors[i]);
        result->score.push_back(r.scores[i]);
      }
    if (options.validate) run.verdict = compare_top_k(host, r, options.top_k);
  } else {
    jaccard_result r = jaccard(graph, settings);
    run.seconds = r.seconds;
    scored = host.num_edges();
    if (options.validate) run.verdict = verify::compare_jaccard(host, r.score, kScoreTolerance);
    *result = edges_once(host, r.score);
  }

  double sum = 0, largest = 0;
  for (double s : result->score) {
    sum += s;
    largest = std::max(largest, s);
  }
  const double mean = result->score.empty() ? 0.0 : sum / result->score.size();
  run.lines.emplace_back("Pairs Scored", fmt::format("{}", scored));
  run.lines.emplace_back("Pairs Listed", fmt::format("{}", result->pairs.size()));
  run.lines.emplace_back("Mean Jaccard", fmt::format("{:.6f}", mean));
  run.lines.emplace_back("Max Jaccard", fmt::format("{:.6f}", largest));
  run.summary = fmt::format("mean {:.6f} over {} {}", mean, result->pairs.size(),
                            options.edge_sample > 0 ? "sampled arcs" : "edges");
  run.metric_name = "Pairs/s";
  run.metric = run.seconds > 0 ? scored / run.seconds : 0.0;
  run.record = {{"pairs_scored", scored}, {"mean_jaccard", mean}, {"max_jaccard", largest}};
  run.write = [&host, result](const std::filesystem::path& path) {
    write_scored_pairs(path, host, result->pairs, result->score);
  };
  return run;
}

}  // namespace plexus::cli
