// Jaccard similarity by merging sorted neighbour sets; see jaccard_verify.hpp.
#include "plexus/algorithms/jaccard/jaccard_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>
#include <vector>

#include "plexus/core/error.hpp"

namespace plexus::verify {

namespace {

// N(v) as a sorted set (repeated neighbours collapsed; a self-loop puts v in its own set).
std::vector<std::vector<vertex_t>> neighbour_sets(const csr_graph& graph) {
  if (graph.directed())
    throw error(error_kind::invalid_argument, "jaccard similarity needs an undirected graph");
  const vertex_t n = graph.num_vertices();
  std::vector<std::vector<vertex_t>> sets(n);
  for (vertex_t v = 0; v < n; ++v) {
    const auto nb = graph.neighbors(v);
    sets[v].assign(nb.begin(), nb.end());
    std::sort(sets[v].begin(), sets[v].end());
    sets[v].erase(std::unique(sets[v].begin(), sets[v].end()), sets[v].end());
  }
  return sets;
}

// J(u, v) of the sets a = N(u), b = N(v): the common neighbours other than u and v (as
// NetworkX's common_neighbors) over the whole union.
double jaccard(const std::vector<vertex_t>& a, const std::vector<vertex_t>& b, vertex_t u, vertex_t v) {
  std::size_t shared = 0, others = 0;
  auto i = a.begin(), j = b.begin();
  while (i != a.end() && j != b.end()) {
    if (*i < *j) ++i;
    else if (*j < *i) ++j;
    else {
      ++shared;
      if (*i != u && *i != v) ++others;
      ++i;
      ++j;
    }
  }
  const std::size_t united = a.size() + b.size() - shared;
  return united == 0 ? 0.0 : static_cast<double>(others) / static_cast<double>(united);
}

}  // namespace

host_vector<double> reference_jaccard(const csr_graph& graph) {
  const auto sets = neighbour_sets(graph);
  host_vector<double> score(graph.num_edges());
  const auto offsets = graph.offsets();
  const auto indices = graph.indices();
  for (vertex_t u = 0; u < graph.num_vertices(); ++u)
    for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e) score[e] = jaccard(sets[u], sets[indices[e]], u, indices[e]);
  return score;
}

host_vector<double> reference_jaccard_pairs(const csr_graph& graph,
                                            std::span<const std::pair<vertex_t, vertex_t>> pairs) {
  const vertex_t n = graph.num_vertices();
  for (const auto& [u, v] : pairs)
    if (u >= n || v >= n)
      throw error(error_kind::invalid_argument,
                  fmt::format("jaccard pair ({}, {}) out of range: graph has {} vertices", u, v, n));
  const auto sets = neighbour_sets(graph);
  host_vector<double> score(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto [u, v] = pairs[i];
    score[i] = jaccard(sets[u], sets[v], u, v);
  }
  return score;
}

top_k_jaccard_result reference_top_k_jaccard(const csr_graph& graph, vertex_t k) {
  const auto sets = neighbour_sets(graph);
  const vertex_t n = graph.num_vertices();
  top_k_jaccard_result result;
  result.offsets.assign(n + 1, 0);
  struct candidate {
    double score;
    vertex_t v;
  };
  std::vector<candidate> candidates;
  for (vertex_t u = 0; u < n; ++u) {
    candidates.clear();
    for (vertex_t v : sets[u])
      if (v != u) candidates.push_back({jaccard(sets[u], sets[v], u, v), v});
    // Equal rationals give equal doubles (division is correctly rounded), so ties are exact.
    std::sort(candidates.begin(), candidates.end(), [&](const candidate& a, const candidate& b) {
      return a.score > b.score || (a.score == b.score && graph.original_id(a.v) < graph.original_id(b.v));
    });
    const std::size_t keep = std::min<std::size_t>(k, candidates.size());
    for (std::size_t i = 0; i < keep; ++i) {
      result.neighbors.push_back(candidates[i].v);
      result.scores.push_back(candidates[i].score);
    }
    result.offsets[u + 1] = result.neighbors.size();
  }
  return result;
}

verdict compare_jaccard(const csr_graph& graph, std::span<const double> scores, double tolerance) {
  if (scores.size() != graph.num_edges())
    return fail(fmt::format("jaccard has {} scores but the graph has {} arcs", scores.size(), graph.num_edges()));
  const host_vector<double> reference = reference_jaccard(graph);
  const auto offsets = graph.offsets();
  for (vertex_t u = 0; u < graph.num_vertices(); ++u)
    for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e)
      if (!(std::fabs(scores[e] - reference[e]) <= tolerance))
        return fail(fmt::format("arc {} ({} -> {}): jaccard {} but expected {}", e, graph.original_id(u),
                                graph.original_id(graph.indices()[e]), scores[e], reference[e]));
  return pass();
}

verdict compare_pair_scores(const csr_graph& graph, std::span<const std::pair<vertex_t, vertex_t>> pairs,
                            std::span<const double> scores, double tolerance) {
  if (scores.size() != pairs.size())
    return fail(fmt::format("{} scores for {} pairs", scores.size(), pairs.size()));
  const host_vector<double> expected = reference_jaccard_pairs(graph, pairs);
  for (std::size_t i = 0; i < pairs.size(); ++i)
    if (!(std::fabs(expected[i] - scores[i]) <= tolerance))
      return fail(fmt::format("pair ({}, {}): score {} but the reference gives {}",
                              graph.original_id(pairs[i].first), graph.original_id(pairs[i].second),
                              scores[i], expected[i]));
  return pass();
}

verdict compare_edge_listing(const csr_graph& graph, std::span<const std::pair<vertex_t, vertex_t>> pairs,
                             std::span<const double> scores, double tolerance) {
  const auto id = [&](vertex_t v) { return graph.original_id(v); };
  edge_t edges = 0;
  for (vertex_t u = 0; u < graph.num_vertices(); ++u)
    for (vertex_t v : graph.neighbors(u)) edges += id(u) <= id(v);
  if (pairs.size() != edges)
    return fail(fmt::format("{} edges listed, but the graph has {}", pairs.size(), edges));
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto [u, v] = pairs[i];
    const auto row = graph.neighbors(u);
    if (!std::binary_search(row.begin(), row.end(), v))
      return fail(fmt::format("pair ({}, {}) is not an edge", id(u), id(v)));
    if (id(v) < id(u)) return fail(fmt::format("edge ({}, {}) lists the larger id first", id(u), id(v)));
    // Strictly increasing pairs, each an edge, as many as there are edges: each edge once.
    if (i > 0 && !(std::pair(id(pairs[i - 1].first), id(pairs[i - 1].second)) < std::pair(id(u), id(v))))
      return fail(fmt::format("edge ({}, {}) follows ({}, {}): the listing is not in increasing order", id(u),
                              id(v), id(pairs[i - 1].first), id(pairs[i - 1].second)));
  }
  return compare_pair_scores(graph, pairs, scores, tolerance);
}

verdict compare_top_k_listing(const csr_graph& graph, vertex_t k,
                              std::span<const std::pair<vertex_t, vertex_t>> pairs,
                              std::span<const double> scores, double tolerance) {
  const top_k_jaccard_result expected = reference_top_k_jaccard(graph, k);
  if (pairs.size() != expected.neighbors.size() || scores.size() != pairs.size())
    return fail(
        fmt::format("{} pairs listed, the reference lists {}", pairs.size(), expected.neighbors.size()));
  std::vector<vertex_t> by_id(graph.num_vertices());
  std::iota(by_id.begin(), by_id.end(), vertex_t{0});
  std::sort(by_id.begin(), by_id.end(),
            [&](vertex_t a, vertex_t b) { return graph.original_id(a) < graph.original_id(b); });
  std::size_t at = 0;
  for (const vertex_t u : by_id)
    for (edge_t b = expected.offsets[u]; b < expected.offsets[u + 1]; ++b, ++at) {
      const auto [first, v] = pairs[at];
      const bool same_score = std::fabs(scores[at] - expected.scores[b]) <= tolerance;
      if (first != u || v != expected.neighbors[b] || !same_score)
        return fail(fmt::format(
            "listed pair {} is ({}, {}) with score {}; the reference has ({}, {}) with score {}", at + 1,
            graph.original_id(first), graph.original_id(v), scores[at], graph.original_id(u),
            graph.original_id(expected.neighbors[b]), expected.scores[b]));
    }
  return pass();
}

}  // namespace plexus::verify
