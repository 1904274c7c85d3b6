// Jaccard similarity by merging sorted neighbour sets; see jaccard_verify.hpp.
#include "plexus/algorithms/jaccard/jaccard_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
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
    std::sort(candidates.begin(), candidates.end(), [](const candidate& a, const candidate& b) {
      return a.score > b.score || (a.score == b.score && a.v < b.v);
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
        return fail(fmt::format("arc {} ({} -> {}): jaccard {} but expected {}", e, u, graph.indices()[e], scores[e],
                                reference[e]));
  return pass();
}

}  // namespace plexus::verify
