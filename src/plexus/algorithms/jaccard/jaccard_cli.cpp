// `plexus run jaccard`: Jaccard similarity of neighbourhoods (see jaccard.hpp) in one of three
// forms: one score per edge (default; the file lists every undirected edge once,
// "u<TAB>v<TAB>J"), the scores of the pairs listed in --pairs FILE, or with --top-k K the K most
// similar neighbours of every vertex. Printed: pairs scored, mean and largest score. The
// benchmark figure is pairs scored per second. --validate compares with the serial merge
// reference (jaccard_verify.hpp): per edge or per pair within 1e-9, and for top-k the same
// neighbours in the same order.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "plexus/algorithms/jaccard/jaccard.hpp"
#include "plexus/algorithms/jaccard/jaccard_verify.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/vertex_files.hpp"
#include "plexus/io/result_writer.hpp"

namespace plexus::cli {
namespace {

constexpr double kScoreTolerance = 1e-9;
/// Jaccard over every edge of a skewed graph costs far more than the rest of the default job
/// together (hub-to-hub intersections); an evenly spaced sample keeps the job quick.
constexpr edge_t kSuiteEdgeSample = edge_t{1} << 16;

struct scored_pairs {
  std::vector<std::pair<vertex_t, vertex_t>> pairs;
  std::vector<double> score;
  std::size_t scored = 0;  // intersections the algorithm computed
  double seconds = 0;
  std::optional<verify::verdict> verdict;
};

verify::verdict compare_scores(std::span<const double> expected, const scored_pairs& actual,
                               const csr_graph& graph) {
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (!(std::abs(expected[i] - actual.score[i]) <= kScoreTolerance))
      return verify::fail(fmt::format(
          "pair ({}, {}): score {} but the reference gives {}", graph.original_id(actual.pairs[i].first),
          graph.original_id(actual.pairs[i].second), actual.score[i], expected[i]));
  return verify::pass();
}

verify::verdict compare_top_k(const csr_graph& graph, const jaccard_top_k_result& r, vertex_t k) {
  const verify::top_k_jaccard_result expected = verify::reference_top_k_jaccard(graph, k);
  for (vertex_t u = 0; u < graph.num_vertices(); ++u) {
    const edge_t count = r.offsets[u + 1] - r.offsets[u];
    if (count != expected.offsets[u + 1] - expected.offsets[u])
      return verify::fail(fmt::format("vertex {}: {} neighbours listed, the reference lists {}",
                                      graph.original_id(u), count,
                                      expected.offsets[u + 1] - expected.offsets[u]));
    for (edge_t i = 0; i < count; ++i) {
      const edge_t a = r.offsets[u] + i, b = expected.offsets[u] + i;
      if (r.neighbors[a] != expected.neighbors[b] ||
          !(std::abs(r.scores[a] - expected.scores[b]) <= kScoreTolerance))
        return verify::fail(
            fmt::format("vertex {}: neighbour {} is {} (score {}), the reference has {} (score {})",
                        graph.original_id(u), i + 1, graph.original_id(r.neighbors[a]), r.scores[a],
                        graph.original_id(expected.neighbors[b]), expected.scores[b]));
    }
  }
  return verify::pass();
}

/// The scores of the listed pairs.
scored_pairs score_pairs(const device_graph& graph, std::vector<std::pair<vertex_t, vertex_t>> pairs,
                         const jaccard_options& settings, bool validate) {
  const csr_graph& host = graph.host_graph();
  scored_pairs out;
  out.pairs = std::move(pairs);
  const jaccard_result r = jaccard_pairs(graph, out.pairs, settings);
  out.seconds = r.seconds;
  out.score.assign(r.score.begin(), r.score.end());
  out.scored = out.pairs.size();
  if (validate) out.verdict = compare_scores(verify::reference_jaccard_pairs(host, out.pairs), out, host);
  return out;
}

/// Evenly spaced arcs: a deterministic sample whose mean tracks the mean over all edges.
std::vector<std::pair<vertex_t, vertex_t>> sampled_arcs(const csr_graph& host, edge_t sample) {
  std::vector<std::pair<vertex_t, vertex_t>> pairs;
  const edge_t stride = host.num_edges() / sample;
  for (vertex_t u = 0; u < host.num_vertices(); ++u)
    for (edge_t e = host.offsets()[u]; e < host.offsets()[u + 1]; ++e)
      if (e % stride == 0) pairs.emplace_back(u, host.indices()[e]);
  return pairs;
}

/// The k most similar neighbours of every vertex, listed by vertex.
scored_pairs score_top_k(const device_graph& graph, vertex_t k, const jaccard_options& settings,
                         bool validate) {
  const csr_graph& host = graph.host_graph();
  const jaccard_top_k_result r = jaccard_top_k(graph, k, settings);
  scored_pairs out;
  out.seconds = r.seconds;
  out.scored = host.num_edges();
  for (vertex_t u = 0; u < host.num_vertices(); ++u)
    for (edge_t i = r.offsets[u]; i < r.offsets[u + 1]; ++i) {
      out.pairs.emplace_back(u, r.neighbors[i]);
      out.score.push_back(r.scores[i]);
    }
  if (validate) out.verdict = compare_top_k(host, r, k);
  return out;
}

/// Every undirected edge once (u <= v) with its per-arc score.
scored_pairs score_edges(const device_graph& graph, const jaccard_options& settings, bool validate) {
  const csr_graph& host = graph.host_graph();
  const jaccard_result r = jaccard(graph, settings);
  scored_pairs out;
  out.seconds = r.seconds;
  out.scored = host.num_edges();
  if (validate) out.verdict = verify::compare_jaccard(host, r.score, kScoreTolerance);
  const auto& offsets = host.out().offsets;
  const auto& indices = host.out().indices;
  for (vertex_t u = 0; u < host.num_vertices(); ++u)
    for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e)
      if (u <= indices[e]) {
        out.pairs.emplace_back(u, indices[e]);
        out.score.push_back(r.score[e]);
      }
  return out;
}

class jaccard_command final : public algorithm_command {
 public:
  jaccard_command()
      : algorithm_command("jaccard", "Jaccard similarity per edge, per listed pair or top k per vertex",
                          input_kind::graph, 70) {}

  void add_run_options(CLI::App& run, load_settings&) override {
    run.add_option("--mode", mode_, "Intersection: hybrid (default), merge or binary")
        ->check(CLI::IsMember({"hybrid", "merge", "binary"}));
    auto* top_k = run.add_option("--top-k", top_k_, "The K most similar neighbours of every vertex")
                      ->check(CLI::PositiveNumber);
    auto* pairs =
        run.add_option("--pairs", pairs_, "Score the \"u v\" pairs of this file")->check(CLI::ExistingFile);
    top_k->excludes(pairs);
  }

  run_report run(const run_request& request) override {
    const device_graph& graph = *request.graph;
    const csr_graph& host = graph.host_graph();
    jaccard_options settings;
    auto result = std::make_shared<scored_pairs>();
    bool sampled = false;
    if (request.purpose == run_purpose::run) settings.method = parse_intersect_method(mode_);
    if (request.purpose == run_purpose::run && !pairs_.empty()) {
      *result = score_pairs(graph, read_vertex_pairs(pairs_, host), settings, request.validate);
    } else if (request.purpose == run_purpose::suite && kSuiteEdgeSample < host.num_edges()) {
      *result = score_pairs(graph, sampled_arcs(host, kSuiteEdgeSample), settings, request.validate);
      sampled = true;
    } else if (request.purpose == run_purpose::run && top_k_ > 0) {
      *result = score_top_k(graph, top_k_, settings, request.validate);
    } else {
      *result = score_edges(graph, settings, request.validate);
    }
    double sum = 0, largest = 0;
    for (double s : result->score) {
      sum += s;
      largest = std::max(largest, s);
    }
    const double mean = result->score.empty() ? 0.0 : sum / result->score.size();
    run_report report;
    report.seconds = result->seconds;
    report.iterations = 1;
    report.verdict = result->verdict;
    report.lines.emplace_back("Pairs Scored", fmt::format("{}", result->scored));
    report.lines.emplace_back("Pairs Listed", fmt::format("{}", result->pairs.size()));
    report.lines.emplace_back("Mean Jaccard", fmt::format("{:.6f}", mean));
    report.lines.emplace_back("Max Jaccard", fmt::format("{:.6f}", largest));
    report.summary =
        fmt::format("mean {:.6f} over {} {}", mean, result->pairs.size(), sampled ? "sampled arcs" : "edges");
    report.metric_name = "Pairs/s";
    report.metric = per_second(static_cast<double>(result->scored), result->seconds);
    report.record = {{"pairs_scored", result->scored}, {"mean_jaccard", mean}, {"max_jaccard", largest}};
    report.write = [&host, result](const std::filesystem::path& path) {
      io::write_scored_pairs(path, host, result->pairs, result->score);
    };
    return report;
  }

 private:
  std::string mode_ = "hybrid";
  vertex_t top_k_ = 0;
  std::filesystem::path pairs_;
};

PLEXUS_REGISTER_ALGORITHM(jaccard_command);

}  // namespace
}  // namespace plexus::cli
