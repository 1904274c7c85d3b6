// Batagelj-Zaversnik core numbers and the k-core verifier; the checks are listed in
// kcore_verify.hpp.
#include "plexus/algorithms/kcore/kcore_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "plexus/core/error.hpp"

namespace plexus::verify {

host_vector<vertex_t> reference_core_numbers(const csr_graph& graph) {
  if (graph.directed())
    throw error(error_kind::invalid_argument, "the k-core reference needs an undirected graph");
  const vertex_t n = graph.num_vertices();
  std::vector<edge_t> degree(n);
  edge_t max_degree = 0;
  for (vertex_t v = 0; v < n; ++v) {
    // A kept self-loop does not count; in the loop below v meets itself at its own degree and
    // skips itself.
    const auto nb = graph.neighbors(v);
    degree[v] = graph.degree(v) - (std::binary_search(nb.begin(), nb.end(), v) ? 1 : 0);
    max_degree = std::max(max_degree, degree[v]);
  }
  // order: the vertices sorted by current degree; start[d]: where degree d begins in it;
  // position: the inverse of order.
  std::vector<std::size_t> start(max_degree + 2, 0);
  for (vertex_t v = 0; v < n; ++v) ++start[degree[v] + 1];
  for (edge_t d = 0; d <= max_degree; ++d) start[d + 1] += start[d];
  std::vector<vertex_t> order(n), position(n);
  {
    std::vector<std::size_t> next(start.begin(), start.end() - 1);
    for (vertex_t v = 0; v < n; ++v) {
      position[v] = static_cast<vertex_t>(next[degree[v]]++);
      order[position[v]] = v;
    }
  }
  // Taking the vertices in order fixes each one's core to its degree at that moment. A
  // neighbour of larger degree loses the edge: it swaps places with the first vertex of its
  // bucket, and the bucket's start moves past it, which puts it at the end of the bucket
  // below, so the order stays sorted.
  for (std::size_t i = 0; i < n; ++i) {
    const vertex_t v = order[i];
    for (vertex_t u : graph.neighbors(v)) {
      if (degree[u] <= degree[v]) continue;
      const std::size_t first = start[degree[u]];
      const vertex_t w = order[first];
      if (u != w) {
        std::swap(order[position[u]], order[first]);
        position[w] = position[u];
        position[u] = static_cast<vertex_t>(first);
      }
      ++start[degree[u]];
      --degree[u];
    }
  }
  host_vector<vertex_t> core(n);
  for (vertex_t v = 0; v < n; ++v) core[v] = static_cast<vertex_t>(degree[v]);
  return core;
}

verdict core_numbers(const csr_graph& graph, std::span<const vertex_t> core) {
  const vertex_t n = graph.num_vertices();
  // 1. shapes
  if (graph.directed()) return fail("the graph is directed: core numbers are defined on undirected graphs");
  if (core.size() != n)
    return fail(fmt::format("core has {} entries but the graph has {} vertices", core.size(), n));

  // 2. support and 3. maximality, from each vertex's neighbours
  for (vertex_t v = 0; v < n; ++v) {
    edge_t support = 0, larger = 0;
    for (vertex_t u : graph.neighbors(v)) {
      if (u == v) continue;  // a kept self-loop does not count
      support += core[u] >= core[v] ? 1 : 0;
      larger += core[u] > core[v] ? 1 : 0;
    }
    if (support < core[v])
      return fail(fmt::format("vertex {}: core {} but only {} neighbours have core {} or more",
                              graph.original_id(v), core[v], support, core[v]));
    if (larger > core[v])
      return fail(fmt::format("vertex {}: core {} but {} neighbours have a larger core (at most {} may)",
                              graph.original_id(v), core[v], larger, core[v]));
  }

  // 4. the reference
  const host_vector<vertex_t> expected = reference_core_numbers(graph);
  for (vertex_t v = 0; v < n; ++v)
    if (core[v] != expected[v])
      return fail(fmt::format("vertex {}: core {}, expected {}", graph.original_id(v), core[v], expected[v]));
  return pass();
}

}  // namespace plexus::verify
