// Power-iteration PageRank references (NetworkX and LDBC Graphalytics variants); the
// formulas are in pagerank_verify.hpp.
#include "plexus/algorithms/pagerank/pagerank_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "plexus/algorithms/pagerank/pagerank_rules.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/unit_sum.hpp"
#include "plexus/graph/input_id.hpp"

namespace plexus::verify {

namespace {

void check_damping(double damping) {
  if (!(damping >= 0.0 && damping <= 1.0))
    throw error(error_kind::invalid_argument, fmt::format("pagerank damping {} outside [0, 1]", damping));
}

// W(u): the out-degree, or the sum of the out-weights when weighted; 0 marks a sink.
std::vector<double> out_totals(const csr_graph& graph, bool weighted) {
  const vertex_t n = graph.num_vertices();
  std::vector<double> total(n);
  const bool by_weight = weighted && graph.weighted();
  for (vertex_t u = 0; u < n; ++u) {
    if (!by_weight) {
      total[u] = static_cast<double>(graph.degree(u));
      continue;
    }
    for (edge_t e = graph.offsets()[u]; e < graph.offsets()[u + 1]; ++e) total[u] += graph.weights()[e];
  }
  return total;
}

// One step x' = d * (A^T W^-1 x + p * dangling(x)) + (1 - d) * p, pushed along out-arcs so
// that directed graphs need no reverse CSR. `p` is the teleport distribution, `total` W(u).
void step(const csr_graph& graph, double damping, const std::vector<double>& p, const std::vector<double>& total,
          bool weighted, const std::vector<double>& x, std::vector<double>& next) {
  const vertex_t n = graph.num_vertices();
  const bool by_weight = weighted && graph.weighted();
  double dangling = 0;
  for (vertex_t u = 0; u < n; ++u)
    if (total[u] == 0) dangling += x[u];
  for (vertex_t v = 0; v < n; ++v) next[v] = damping * dangling * p[v] + (1.0 - damping) * p[v];
  for (vertex_t u = 0; u < n; ++u) {
    if (total[u] == 0) continue;
    const double share = damping * x[u] / total[u];
    for (edge_t e = graph.offsets()[u]; e < graph.offsets()[u + 1]; ++e)
      next[graph.indices()[e]] += by_weight ? share * graph.weights()[e] : share;
  }
}

bool stops(pagerank_stop stop, double damping, double tolerance, vertex_t n, double change) {
  if (stop == pagerank_stop::networkx) return change < static_cast<double>(n) * tolerance || change == 0;
  return damping * change <= tolerance * (1.0 - damping);
}

}  // namespace

host_vector<double> reference_pagerank(const csr_graph& graph, double damping, double tolerance, int max_iterations,
                                       std::span<const double> personalization, pagerank_stop stop, bool weighted) {
  check_damping(damping);
  const vertex_t n = graph.num_vertices();
  if (n == 0) return {};
  std::vector<double> p(n, 1.0 / n);
  if (!personalization.empty()) {
    if (personalization.size() != n)
      throw error(error_kind::invalid_argument,
                  fmt::format("personalization has {} entries but the graph has {} vertices",
                              personalization.size(), n));
    bool positive = false;
    for (vertex_t v = 0; v < n; ++v) {
      if (!(personalization[v] >= 0.0 && std::isfinite(personalization[v])))
        throw error(error_kind::invalid_argument,
                    fmt::format("personalization of vertex {} is {}, not a finite value >= 0",
                                graph.original_id(v), personalization[v]));
      positive = positive || personalization[v] > 0;
    }
    if (!positive) throw error(error_kind::invalid_argument, "personalization sums to 0");
    p = scaled_to_unit_sum(personalization);
  }
  if (weighted && graph.weighted())
    for (const weight_t w : graph.weights())
      if (!(w >= 0 && std::isfinite(w)))
        throw error(error_kind::invalid_argument, fmt::format("pagerank weight {} is not finite and >= 0", w));
  const std::vector<double> total = out_totals(graph, weighted);
  std::vector<double> x(n, 1.0 / n), next(n);
  // Iterates that go round a cycle never stop: the limit is cut to the cycle's, and the
  // reference raises as soon as it ends.
  detail::pagerank_limit limit(max_iterations);
  for (int it = 0; it < limit.value(); ++it) {
    step(graph, damping, p, total, weighted, x, next);
    double change = 0;
    for (vertex_t v = 0; v < n; ++v) change += std::fabs(next[v] - x[v]);
    x.swap(next);
    if (stops(stop, damping, tolerance, n, change)) {
      const double sum = std::accumulate(x.begin(), x.end(), 0.0);
      host_vector<double> rank(n);
      for (vertex_t v = 0; v < n; ++v) rank[v] = x[v] / sum;
      return rank;
    }
    limit.after(it + 1, change, [&] { return host_vector<double>(x.begin(), x.end()); });
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
  const std::vector<double> total = out_totals(graph, false);
  std::vector<double> x(n, 1.0 / n), next(n);
  for (int it = 0; it < iterations; ++it) {
    step(graph, damping, uniform, total, false, x, next);
    x.swap(next);
  }
  return {x.begin(), x.end()};
}

verdict compare_pagerank(const csr_graph& graph, std::span<const double> expected,
                         std::span<const double> actual, double tolerance) {
  if (expected.size() != actual.size())
    return fail(fmt::format("rank vector has {} entries, expected {}", actual.size(), expected.size()));
  for (std::size_t v = 0; v < expected.size(); ++v)
    if (!(std::fabs(actual[v] - expected[v]) <= tolerance))
      return fail(fmt::format("vertex {}: rank {} but expected {} (tolerance {})",
                              input_id(graph, static_cast<vertex_t>(v)), actual[v], expected[v], tolerance));
  return pass();
}

}  // namespace plexus::verify
