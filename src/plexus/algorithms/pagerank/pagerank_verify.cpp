// Power-iteration PageRank references (NetworkX and LDBC Graphalytics variants); the
// formulas are in pagerank_verify.hpp.
#include "plexus/algorithms/pagerank/pagerank_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "plexus/core/error.hpp"

namespace plexus::verify {

namespace {

void check_damping(double damping) {
  if (!(damping >= 0.0 && damping <= 1.0))
    throw error(error_kind::invalid_argument, fmt::format("pagerank damping {} outside [0, 1]", damping));
}

// One step x' = d * (A^T D^-1 x + p * dangling(x)) + (1 - d) * p, pushed along out-arcs so
// that directed graphs need no reverse CSR. `p` is the teleport distribution.
void step(const csr_graph& graph, double damping, const std::vector<double>& p, const std::vector<double>& x,
          std::vector<double>& next) {
  const vertex_t n = graph.num_vertices();
  double dangling = 0;
  for (vertex_t u = 0; u < n; ++u)
    if (graph.degree(u) == 0) dangling += x[u];
  for (vertex_t v = 0; v < n; ++v) next[v] = damping * dangling * p[v] + (1.0 - damping) * p[v];
  for (vertex_t u = 0; u < n; ++u) {
    const edge_t d = graph.degree(u);
    if (d == 0) continue;
    const double share = damping * x[u] / static_cast<double>(d);
    for (vertex_t v : graph.neighbors(u)) next[v] += share;
  }
}

}  // namespace

host_vector<double> reference_pagerank(const csr_graph& graph, double damping, double tolerance, int max_iterations,
                                       std::span<const double> personalization) {
  check_damping(damping);
  const vertex_t n = graph.num_vertices();
  if (n == 0) return {};
  std::vector<double> p(n, 1.0 / n);
  if (!personalization.empty()) {
    if (personalization.size() != n)
      throw error(error_kind::invalid_argument, fmt::format("personalization has {} entries but the graph has {} vertices",
                                                            personalization.size(), n));
    double sum = 0;
    for (vertex_t v = 0; v < n; ++v) {
      if (!(personalization[v] >= 0.0 && std::isfinite(personalization[v])))
        throw error(error_kind::invalid_argument,
                    fmt::format("personalization of vertex {} is {}, not a finite value >= 0", v, personalization[v]));
      sum += personalization[v];
    }
    if (!(sum > 0)) throw error(error_kind::invalid_argument, "personalization sums to 0");
    for (vertex_t v = 0; v < n; ++v) p[v] = personalization[v] / sum;
  }
  std::vector<double> x(n, 1.0 / n), next(n);
  for (int it = 0; it < max_iterations; ++it) {
    step(graph, damping, p, x, next);
    double change = 0;
    for (vertex_t v = 0; v < n; ++v) change += std::fabs(next[v] - x[v]);
    x.swap(next);
    if (change < static_cast<double>(n) * tolerance) {
      const double sum = std::accumulate(x.begin(), x.end(), 0.0);
      host_vector<double> rank(n);
      for (vertex_t v = 0; v < n; ++v) rank[v] = x[v] / sum;
      return rank;
    }
  }
  throw error(error_kind::invalid_argument,
              fmt::format("pagerank did not converge to tolerance {} in {} iterations", tolerance, max_iterations));
}

host_vector<double> reference_pagerank_graphalytics(const csr_graph& graph, double damping, int iterations) {
  check_damping(damping);
  if (iterations < 0)
    throw error(error_kind::invalid_argument, fmt::format("pagerank iterations {} is negative", iterations));
  const vertex_t n = graph.num_vertices();
  // With a uniform teleport vector, step() is exactly the Graphalytics update.
  const std::vector<double> uniform(n, 1.0 / n);
  std::vector<double> x(n, 1.0 / n), next(n);
  for (int it = 0; it < iterations; ++it) {
    step(graph, damping, uniform, x, next);
    x.swap(next);
  }
  return {x.begin(), x.end()};
}

verdict compare_pagerank(std::span<const double> expected, std::span<const double> actual, double tolerance) {
  if (expected.size() != actual.size())
    return fail(fmt::format("rank vector has {} entries, expected {}", actual.size(), expected.size()));
  for (std::size_t v = 0; v < expected.size(); ++v)
    if (!(std::fabs(actual[v] - expected[v]) <= tolerance))
      return fail(fmt::format("vertex {}: rank {} but expected {} (tolerance {})", v, actual[v], expected[v], tolerance));
  return pass();
}

}  // namespace plexus::verify
