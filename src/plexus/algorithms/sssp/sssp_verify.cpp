// Serial SSSP verifier and binary-heap Dijkstra reference in double precision; the
// invariants are listed in sssp_verify.hpp.
#include "plexus/algorithms/sssp/sssp_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/graph/input_id.hpp"

namespace plexus::verify {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

double arc_weight(const csr_graph& graph, edge_t e) {
  return graph.weighted() ? static_cast<double>(graph.weights()[e]) : 1.0;
}

// Shortest paths are undefined with negative weights, and Dijkstra is wrong with them.
void check_weights(const csr_graph& graph) {
  if (!graph.weighted()) return;
  const auto offsets = graph.offsets();
  const auto weights = graph.weights();
  for (vertex_t u = 0; u < graph.num_vertices(); ++u)
    for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e)
      if (!(weights[e] >= 0))
        throw error(error_kind::invalid_argument,
                    fmt::format("arc {}->{} has weight {}: shortest paths need non-negative weights",
                                graph.original_id(u), graph.original_id(graph.indices()[e]), weights[e]));
}

bool close(double a, double b, double tolerance) {
  if (std::isinf(a) || std::isinf(b)) return a == b;  // the relative bound would accept inf == 7
  return std::abs(a - b) <= tolerance * std::max(std::abs(a), std::abs(b));
}

}  // namespace

host_vector<double> reference_sssp_distances(const csr_graph& graph, vertex_t source) {
  const vertex_t n = graph.num_vertices();
  if (source >= n)
    throw error(error_kind::invalid_argument,
                fmt::format("source {} out of range: graph has {} vertices", source, n));
  check_weights(graph);
  host_vector<double> dist(n);
  std::fill(dist.begin(), dist.end(), infinity);
  using entry = std::pair<double, vertex_t>;
  std::priority_queue<entry, std::vector<entry>, std::greater<>> heap;
  const auto offsets = graph.offsets();
  const auto indices = graph.indices();
  dist[source] = 0;
  heap.emplace(0.0, source);
  while (!heap.empty()) {
    const auto [d, u] = heap.top();
    heap.pop();
    if (d > dist[u]) continue;  // a stale entry: u was settled with a shorter distance
    for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const vertex_t v = indices[e];
      const double candidate = d + arc_weight(graph, e);
      if (candidate < dist[v]) {
        dist[v] = candidate;
        heap.emplace(candidate, v);
      }
    }
  }
  return dist;
}

verdict sssp(const csr_graph& graph, vertex_t source, std::span<const weight_t> distance,
             std::span<const vertex_t> parent, double tolerance) {
  const vertex_t n = graph.num_vertices();
  const auto id = [&](vertex_t v) { return input_id(graph, v); };
  // 1. shapes
  if (distance.size() != n)
    return fail(fmt::format("distance has {} entries but the graph has {} vertices", distance.size(), n));
  if (parent.size() != n)
    return fail(fmt::format("parent has {} entries but the graph has {} vertices", parent.size(), n));
  if (source >= n) return fail(fmt::format("source {} out of range: graph has {} vertices", source, n));
  check_weights(graph);

  // 2. the source
  if (distance[source] != 0)
    return fail(fmt::format("source {}: distance {} instead of 0", id(source), distance[source]));
  if (parent[source] != source)
    return fail(fmt::format("source {}: parent {} instead of itself", id(source), id(parent[source])));

  // 3. each vertex on its own and against its parent
  const auto reached = [&](vertex_t v) { return !std::isinf(distance[v]); };
  for (vertex_t v = 0; v < n; ++v) {
    const weight_t d = distance[v];
    if (std::isnan(d)) return fail(fmt::format("vertex {}: distance is NaN", id(v)));
    if (d < 0) return fail(fmt::format("vertex {}: negative distance {}", id(v), d));
    if (v == source) continue;
    const vertex_t p = parent[v];
    if (!reached(v)) {
      if (p != invalid_vertex)
        return fail(fmt::format("vertex {}: unreached but has parent {}", id(v), id(p)));
      continue;
    }
    if (p == invalid_vertex) return fail(fmt::format("vertex {}: distance {} but no parent", id(v), d));
    if (p >= n) return fail(fmt::format("vertex {}: parent {} is not a vertex", id(v), p));
    if (!reached(p))
      return fail(fmt::format("vertex {}: distance {} but parent {} is unreached", id(v), d, id(p)));
  }

  // 4. no arc can shorten a distance; 5. records which parents are tight in-neighbours.
  std::vector<bool> parent_arc_found(n, false);
  const auto offsets = graph.offsets();
  const auto indices = graph.indices();
  for (vertex_t u = 0; u < n; ++u) {
    if (!reached(u)) continue;
    for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const vertex_t v = indices[e];
      const double w = arc_weight(graph, e);
      const double through_u = static_cast<double>(distance[u]) + w;
      const double dv = distance[v];
      if (dv > through_u && !close(dv, through_u, tolerance))
        return fail(fmt::format("arc {}->{} (weight {}): distance {} exceeds distance of {} plus weight ({})",
                                id(u), id(v), w, dv, id(u), through_u));
      if (parent[v] == u && close(dv, through_u, tolerance)) parent_arc_found[v] = true;
    }
  }
  for (vertex_t v = 0; v < n; ++v)
    if (v != source && reached(v) && !parent_arc_found[v])
      return fail(fmt::format("vertex {}: parent {} is not a tight in-neighbour (no arc {}->{} of weight {})",
                              id(v), id(parent[v]), id(parent[v]), id(v),
                              static_cast<double>(distance[v]) - distance[parent[v]]));

  // 6. an independent Dijkstra
  const host_vector<double> expected = reference_sssp_distances(graph, source);
  for (vertex_t v = 0; v < n; ++v) {
    const double got = distance[v];
    if (std::isinf(got) && std::isinf(expected[v])) continue;
    if (std::isinf(got) != std::isinf(expected[v]) || !close(got, expected[v], tolerance))
      return fail(fmt::format("vertex {}: distance {} but Dijkstra gives {}", id(v), got, expected[v]));
  }
  return pass();
}

}  // namespace plexus::verify
