// Forward (degree-ordered) triangle counting; see tc_verify.hpp.
#include "plexus/algorithms/tc/tc_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "plexus/core/error.hpp"

namespace plexus::verify {

namespace {

// Distinct non-loop neighbours of each vertex.
std::vector<std::vector<vertex_t>> simple_adjacency(const csr_graph& graph) {
  if (graph.directed())
    throw error(error_kind::invalid_argument,
                "triangle counting needs an undirected graph; symmetrize the directed graph first");
  const vertex_t n = graph.num_vertices();
  std::vector<std::vector<vertex_t>> adj(n);
  for (vertex_t u = 0; u < n; ++u) {
    auto& list = adj[u];
    for (vertex_t v : graph.neighbors(u))
      if (v != u) list.push_back(v);
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return adj;
}

// Calls found(u, v, w) once for every triangle of the simple graph.
template <class Found>
void for_each_triangle(const csr_graph& graph, Found&& found) {
  const std::vector<std::vector<vertex_t>> adj = simple_adjacency(graph);
  const vertex_t n = graph.num_vertices();
  auto before = [&](vertex_t a, vertex_t b) {
    return adj[a].size() < adj[b].size() || (adj[a].size() == adj[b].size() && a < b);
  };
  // forward[u]: neighbours ranked after u, sorted by id. The rank is a total order, so each
  // triangle {a < b < c by rank} appears once: at a, as the oriented edge a->b, with c in
  // both forward[a] and forward[b].
  std::vector<std::vector<vertex_t>> forward(n);
  for (vertex_t u = 0; u < n; ++u)
    for (vertex_t v : adj[u])
      if (before(u, v)) forward[u].push_back(v);
  for (vertex_t u = 0; u < n; ++u) {
    const auto& fu = forward[u];
    for (vertex_t v : fu) {
      const auto& fv = forward[v];
      auto i = fu.begin(), j = fv.begin();
      while (i != fu.end() && j != fv.end()) {
        if (*i < *j) ++i;
        else if (*j < *i) ++j;
        else {
          found(u, v, *i);
          ++i;
          ++j;
        }
      }
    }
  }
}

}  // namespace

std::uint64_t reference_triangle_count(const csr_graph& graph) {
  std::uint64_t count = 0;
  for_each_triangle(graph, [&](vertex_t, vertex_t, vertex_t) { ++count; });
  return count;
}

host_vector<std::uint64_t> reference_triangles_per_vertex(const csr_graph& graph) {
  host_vector<std::uint64_t> count(graph.num_vertices());
  std::fill(count.begin(), count.end(), 0);
  for_each_triangle(graph, [&](vertex_t a, vertex_t b, vertex_t c) {
    ++count[a];
    ++count[b];
    ++count[c];
  });
  return count;
}

verdict compare_triangles_per_vertex(const csr_graph& graph, std::span<const std::uint64_t> counts) {
  const vertex_t n = graph.num_vertices();
  if (counts.size() != n)
    return fail(fmt::format("triangle counts have {} entries but the graph has {} vertices", counts.size(), n));
  const host_vector<std::uint64_t> reference = reference_triangles_per_vertex(graph);
  for (vertex_t v = 0; v < n; ++v)
    if (counts[v] != reference[v])
      return fail(fmt::format("vertex {}: {} triangles but the reference counts {}", graph.original_id(v),
                              counts[v], reference[v]));
  return pass();
}

}  // namespace plexus::verify
