// `plexus run jaccard`: Jaccard similarity of neighbourhoods (see jaccard.hpp) in one of three
// forms: one score per edge (default; the file lists every undirected edge once, "u<TAB>v<TAB>J"),
// the scores of the pairs listed in --pairs FILE, or with --top-k K the K most similar neighbours
// of every vertex. Printed: pairs scored, mean and largest score. The benchmark figure is pairs
// scored per second, an undirected edge counting as one pair. Files list edges by increasing
// (smaller, larger) input id with the smaller first, and top-k lists by increasing input id of the
// vertex, neighbours by decreasing score then increasing input id, so they are the same in every
// vertex order. --validate compares what is listed with the serial merge reference
// (jaccard_verify.hpp) on the graph as the input gave it: per edge or per pair within 1e-9, and for
// top-k the same neighbours in the same order.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <numeric>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "plexus/algorithms/jaccard/jaccard.hpp"
#include "plexus/algorithms/jaccard/jaccard_verify.hpp"
#include "plexus/algorithms/jaccard/score_totals.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/input_ids.hpp"
#include "plexus/cli/vertex_files.hpp"
#include "plexus/graph/input_order.hpp"
#include "plexus/io/result_writer.hpp"
#include "plexus/perf/bytes_moved.hpp"

namespace plexus::cli {
namespace {

constexpr double kScoreTolerance = 1e-9;
/// Jaccard over every edge of a skewed graph costs far more than the rest of the default job
/// together (hub-to-hub intersections); an evenly spaced sample keeps the job quick.
constexpr edge_t kSuiteEdgeSample = edge_t{1} << 16;

struct scored_pairs {
  std::vector<std::pair<vertex_t, vertex_t>> pairs;  // empty where nothing needs them (below)
  std::vector<double> score;
  std::size_t scored = 0;  // intersections the algorithm computed
  score_totals totals;     // over the pairs listed
  double seconds = 0;
  std::optional<verify::verdict> verdict;
};

/// The totals of `scores`, over the host's threads.
score_totals totals_of(std::span<const double> scores) {
  score_totals total;
#pragma omp parallel
  {
    score_totals mine;
#pragma omp for schedule(static) nowait
    for (std::size_t i = 0; i < scores.size(); ++i) mine.add(scores[i]);
#pragma omp critical
    total.merge(mine);
  }
  return total;
}

/// The scores of the listed pairs.
scored_pairs score_pairs(const device_graph& graph, std::vector<std::pair<vertex_t, vertex_t>> pairs,
                         const jaccard_options& settings, const run_request& request) {
  scored_pairs out;
  out.pairs = std::move(pairs);
  const jaccard_result r = jaccard_pairs(graph, out.pairs, settings);
  out.seconds = r.seconds;
  out.score.assign(r.score.begin(), r.score.end());
  out.scored = out.pairs.size();
  out.totals = totals_of(out.score);
  if (request.validate) {
    const input_ids input(request);
    out.verdict =
        verify::compare_pair_scores(input.graph(), input.pairs(out.pairs), out.score, kScoreTolerance);
  }
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

/// The k most similar neighbours of every vertex, listed by vertex in increasing original id.
scored_pairs score_top_k(const device_graph& graph, vertex_t k, const jaccard_options& settings,
                         const run_request& request) {
  const csr_graph& host = graph.host_graph();
  const jaccard_top_k_result r = jaccard_top_k(graph, k, settings);
  scored_pairs out;
  out.seconds = r.seconds;
  out.scored = host.num_edges();
  const input_order order(host);
  for (vertex_t rank = 0; rank < host.num_vertices(); ++rank) {
    const vertex_t u = order.vertex(rank);
    for (edge_t i = r.offsets[u]; i < r.offsets[u + 1]; ++i) {
      out.pairs.emplace_back(u, r.neighbors[i]);
      out.score.push_back(r.scores[i]);
    }
  }
  out.totals = totals_of(out.score);
  if (request.validate) {
    const input_ids input(request);
    out.verdict =
        verify::compare_top_k_listing(input.graph(), k, input.pairs(out.pairs), out.score, kScoreTolerance);
  }
  return out;
}

/// Every undirected edge once, the smaller original id first, by increasing (smaller, larger)
/// original ids, with its per-arc score: the same lines in every vertex order.
scored_pairs score_edges(const device_graph& graph, const jaccard_options& settings,
                         const run_request& request) {
  const csr_graph& host = graph.host_graph();
  const jaccard_result r = jaccard(graph, settings);
  scored_pairs out;
  out.seconds = r.seconds;
  // A vertex's lines are its arcs to vertices of no smaller input rank, in that rank's order;
  // the vertices come in input order. Counted and totalled, then, where a file or a check
  // needs them, filled, a row per iteration in parallel: on Kronecker 22 this listing took
  // longer than the scoring when it was one serial loop.
  const input_order order(host);
  const vertex_t n = host.num_vertices();
  const auto& offsets = host.out().offsets;
  const auto& indices = host.out().indices;
  std::vector<edge_t> first(std::size_t{n} + 1, 0);
#pragma omp parallel
  {
    score_totals mine;
#pragma omp for schedule(dynamic, 1024) nowait
    for (vertex_t rank = 0; rank < n; ++rank) {
      const vertex_t u = order.vertex(rank);
      edge_t count = 0;
      for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e)
        if (order.rank(indices[e]) >= rank) {
          ++count;
          mine.add(r.score[e]);
        }
      first[rank + 1] = count;
    }
#pragma omp critical
    out.totals.merge(mine);
  }
  // One pair per undirected edge, as the figures of Sathre et al. count, although both arcs
  // get a score.
  out.scored = out.totals.count();
  if (!request.validate && !request.writes_output) return out;
  std::partial_sum(first.begin(), first.end(), first.begin());
  out.pairs.resize(first[n]);
  out.score.resize(first[n]);
#pragma omp parallel
  {
    struct line {
      vertex_t rank, v;
      double score;
    };
    std::vector<line> row;
#pragma omp for schedule(dynamic, 1024)
    for (vertex_t rank = 0; rank < n; ++rank) {
      const vertex_t u = order.vertex(rank);
      row.clear();
      for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e)
        if (const vertex_t v = indices[e]; order.rank(v) >= rank)
          row.push_back({order.rank(v), v, r.score[e]});
      // Sorted neighbour lists are already in rank order when the ranks are the ids.
      if (!order.identity())
        std::sort(row.begin(), row.end(), [](const line& a, const line& b) { return a.rank < b.rank; });
      edge_t at = first[rank];
      for (const line& l : row) {
        out.pairs[at] = {u, l.v};
        out.score[at++] = l.score;
      }
    }
  }
  if (request.validate) {
    const input_ids input(request);
    out.verdict =
        verify::compare_edge_listing(input.graph(), input.pairs(out.pairs), out.score, kScoreTolerance);
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

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    // A score and a source per arc and a self-loop flag per vertex; top-k adds a neighbour and
    // a score per slot, K slots per vertex but never more than its arcs, so never more slots
    // than arcs in all, whatever K. GPUs also hold the degree-oriented graph (offsets, a target
    // and a source per kept arc, half the arcs) and, while it is built, a slot per arc; then a
    // triangle count per kept arc (operators/edge_triangles.hpp).
    const bool gpu = family_of(where) == backend_family::simt;
    const std::uint64_t per_arc = gpu ? 24 : 12;
    const std::uint64_t per_vertex = gpu ? 9 : 1;
    const std::uint64_t slots = std::min(static_cast<std::uint64_t>(top_k_) * shape.vertices, shape.arcs);
    return per_vertex * shape.vertices + per_arc * shape.arcs + 12 * slots + kSmallBuffers;
  }

  run_report run(const run_request& request) override {
    const device_graph& graph = *request.graph;
    const csr_graph& host = graph.host_graph();
    jaccard_options settings;
    auto result = std::make_shared<scored_pairs>();
    bool sampled = false, listed = false;
    if (request.purpose == run_purpose::run) settings.method = parse_intersect_method(mode_);
    if (request.purpose == run_purpose::run && !pairs_.empty()) {
      *result = score_pairs(graph, read_vertex_pairs(pairs_, host), settings, request);
      listed = true;
    } else if (request.purpose == run_purpose::suite && kSuiteEdgeSample < host.num_edges()) {
      *result = score_pairs(graph, sampled_arcs(host, kSuiteEdgeSample), settings, request);
      sampled = true;
    } else if (request.purpose == run_purpose::run && top_k_ > 0) {
      *result = score_top_k(graph, top_k_, settings, request);
    } else {
      *result = score_edges(graph, settings, request);
    }
    const double mean = result->totals.mean(), largest = result->totals.largest();
    run_report report;
    report.seconds = result->seconds;
    report.iterations = 1;
    report.verdict = result->verdict;
    report.lines.emplace_back("Pairs Scored", fmt::format("{}", result->scored));
    report.lines.emplace_back("Pairs Listed", fmt::format("{}", result->totals.count()));
    report.lines.emplace_back("Mean Jaccard", fmt::format("{:.6f}", mean));
    report.lines.emplace_back("Max Jaccard", fmt::format("{:.6f}", largest));
    report.summary = fmt::format("mean {:.6f} over {} {}", mean, result->totals.count(),
                                 sampled ? "sampled arcs" : "edges");
    report.metric_name = "Pairs/s";
    report.metric = per_second(static_cast<double>(result->scored), result->seconds);
    report.record = {{"pairs_scored", result->scored}, {"mean_jaccard", mean}, {"max_jaccard", largest}};
    // The model counts every stored arc scored; chosen pairs have none.
    if (!listed && !sampled) report.bytes_moved = perf::jaccard_bytes(host);
    report.write = [&host, result](const std::filesystem::path& path) {
      io::write_scored_pairs(path, host, result->pairs, result->score, "jaccard");
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
