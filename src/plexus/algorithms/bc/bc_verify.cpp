// Brandes betweenness on hop distances and NetworkX's rescaling; conventions are spelled
// out in bc_verify.hpp.
#include "plexus/algorithms/bc/bc_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/graph/input_id.hpp"

namespace plexus::verify {

namespace {

constexpr vertex_t kUnvisited = invalid_vertex;

// Checks the sources and lists them; every vertex when `sources` is empty.
std::vector<vertex_t> source_list(const csr_graph& graph, std::span<const vertex_t> sources) {
  const vertex_t n = graph.num_vertices();
  std::vector<vertex_t> list;
  if (sources.empty()) {
    list.resize(n);
    for (vertex_t v = 0; v < n; ++v) list[v] = v;
    return list;
  }
  std::vector<bool> seen(n, false);
  for (vertex_t s : sources) {
    if (s >= n)
      throw error(error_kind::invalid_argument,
                  fmt::format("betweenness source {} out of range: graph has {} vertices", s, n));
    if (seen[s])
      throw error(error_kind::invalid_argument,
                  fmt::format("betweenness source {} listed twice", graph.original_id(s)));
    seen[s] = true;
    list.push_back(s);
  }
  return list;
}

}  // namespace

host_vector<double> reference_betweenness_dependencies(const csr_graph& graph, std::span<const vertex_t> sources,
                                                       bool endpoints) {
  const vertex_t n = graph.num_vertices();
  const std::vector<vertex_t> list = source_list(graph, sources);
  host_vector<double> score(n);
  std::fill(score.begin(), score.end(), 0.0);

  std::vector<vertex_t> dist(n);
  std::vector<double> sigma(n);
  std::vector<double> delta(n);
  std::vector<vertex_t> order;  // vertices in BFS order (non-decreasing distance)
  std::vector<vertex_t> last_from(n);  // last vertex whose arc to w was examined: skips parallel arcs
  order.reserve(n);
  for (vertex_t s : list) {
    std::fill(dist.begin(), dist.end(), kUnvisited);
    std::fill(sigma.begin(), sigma.end(), 0.0);
    std::fill(last_from.begin(), last_from.end(), kUnvisited);
    order.clear();
    dist[s] = 0;
    sigma[s] = 1;
    order.push_back(s);
    for (std::size_t head = 0; head < order.size(); ++head) {
      const vertex_t v = order[head];
      for (vertex_t w : graph.neighbors(v)) {
        if (last_from[w] == v) continue;
        last_from[w] = v;
        if (dist[w] == kUnvisited) {
          dist[w] = dist[v] + 1;
          order.push_back(w);
        }
        if (dist[w] == dist[v] + 1) sigma[w] += sigma[v];
      }
    }
    // Successor form of Brandes' accumulation ([1], Theorem 6): delta[v] = sum over arcs
    // v->w with dist[w] == dist[v] + 1 of sigma[v] / sigma[w] * (1 + delta[w]). Visiting
    // vertices in reverse BFS order finalizes every successor w before v reads it, and needs
    // only out-arcs (no reverse CSR for directed graphs).
    std::fill(last_from.begin(), last_from.end(), kUnvisited);
    for (std::size_t i = order.size(); i-- > 0;) {
      const vertex_t v = order[i];
      double dv = 0;
      for (vertex_t w : graph.neighbors(v)) {
        if (last_from[w] == v) continue;
        last_from[w] = v;
        if (dist[w] == dist[v] + 1) dv += sigma[v] / sigma[w] * (1.0 + delta[w]);
      }
      delta[v] = dv;
      if (v != s) score[v] += endpoints ? dv + 1.0 : dv;
    }
    if (endpoints) score[s] += static_cast<double>(order.size() - 1);
  }
  return score;
}

host_vector<double> reference_betweenness(const csr_graph& graph, std::span<const vertex_t> sources, bool normalized,
                                          bool endpoints) {
  host_vector<double> score = reference_betweenness_dependencies(graph, sources, endpoints);
  const double n = graph.num_vertices();
  // NetworkX treats k == n as exact betweenness (no sample).
  const bool sampled = !sources.empty() && sources.size() != graph.num_vertices();
  // N counts the (s, t) pairs, s != t, whose paths may pass through a vertex v: without
  // endpoints v is never t, hence n - 1.
  const double N = endpoints ? n : n - 1;
  if (N < 2) return score;
  const double k = sampled ? static_cast<double>(sources.size()) : N;
  const double correction = graph.directed() ? 1.0 : 2.0;
  if (!sampled || endpoints) {
    const double scale = normalized ? 1.0 / (k * (N - 1)) : N / (k * correction);
    if (scale != 1.0)
      for (double& x : score) x *= scale;
    return score;
  }
  // A sampled source cannot lie inside its own paths, so only k - 1 sources contribute to it.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double scale_source =
      k > 1 ? (normalized ? 1.0 / ((k - 1) * (N - 1)) : N / ((k - 1) * correction)) : nan;
  const double scale_other = normalized ? 1.0 / (k * (N - 1)) : N / (k * correction);
  std::vector<bool> is_source(graph.num_vertices(), false);
  for (vertex_t s : sources) is_source[s] = true;
  for (vertex_t v = 0; v < graph.num_vertices(); ++v) score[v] *= is_source[v] ? scale_source : scale_other;
  return score;
}

verdict compare_betweenness(const csr_graph& graph, std::span<const double> expected,
                            std::span<const double> actual, double tolerance) {
  if (expected.size() != actual.size())
    return fail(fmt::format("betweenness has {} entries, expected {}", actual.size(), expected.size()));
  for (std::size_t v = 0; v < expected.size(); ++v) {
    const double e = expected[v], a = actual[v];
    if (std::isnan(e) && std::isnan(a)) continue;
    if (!(std::fabs(a - e) <= tolerance * std::max(1.0, std::fabs(e))))
      return fail(fmt::format("vertex {}: betweenness {} but expected {} (tolerance {})",
                              input_id(graph, static_cast<vertex_t>(v)), a, e, tolerance));
  }
  return pass();
}

}  // namespace plexus::verify
