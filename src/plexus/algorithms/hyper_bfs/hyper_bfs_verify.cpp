// Serial hypergraph BFS and its verifier; the invariants are listed in
// hyper_bfs_verify.hpp.
#include "plexus/algorithms/hyper_bfs/hyper_bfs_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/graph/input_id.hpp"

namespace plexus::verify {

namespace {

constexpr vertex_t kUnreached = invalid_vertex;

bool contains(std::span<const vertex_t> sorted, vertex_t x) {
  return std::binary_search(sorted.begin(), sorted.end(), x);
}

}  // namespace

hyper_bfs_result reference_hyper_bfs(const hypergraph& graph, vertex_t source) {
  const vertex_t n = graph.num_vertices();
  if (source >= n)
    throw error(error_kind::invalid_argument,
                fmt::format("source {} out of range: hypergraph has {} vertices", source, n));
  const hyperedge_t m = graph.num_hyperedges();
  hyper_bfs_result r;
  r.vertex_depth.assign(n, kUnreached);
  r.vertex_parent.assign(n, kUnreached);
  r.hyperedge_depth.assign(m, kUnreached);
  r.hyperedge_parent.assign(m, kUnreached);
  r.vertex_depth[source] = 0;
  r.vertex_parent[source] = source;
  std::vector<vertex_t> queue{source};
  queue.reserve(n);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const vertex_t u = queue[head];
    for (hyperedge_t h : graph.edges_of(u)) {
      if (r.hyperedge_depth[h] != kUnreached) continue;
      r.hyperedge_depth[h] = r.vertex_depth[u] + 1;
      r.hyperedge_parent[h] = u;
      for (vertex_t v : graph.pins(h)) {
        if (r.vertex_depth[v] != kUnreached) continue;
        r.vertex_depth[v] = r.hyperedge_depth[h];
        r.vertex_parent[v] = h;
        queue.push_back(v);
      }
    }
  }
  return r;
}

verdict hyper_bfs(const hypergraph& graph, vertex_t source, std::span<const vertex_t> vertex_depth,
                  std::span<const vertex_t> vertex_parent, std::span<const vertex_t> hyperedge_depth,
                  std::span<const vertex_t> hyperedge_parent) {
  const vertex_t n = graph.num_vertices();
  const hyperedge_t m = graph.num_hyperedges();
  const auto id = [&](vertex_t v) { return input_id(graph, v); };
  // 1. shapes
  if (vertex_depth.size() != n || vertex_parent.size() != n)
    return fail(fmt::format("vertex depth/parent have {}/{} entries but the hypergraph has {} vertices",
                            vertex_depth.size(), vertex_parent.size(), n));
  if (hyperedge_depth.size() != m || hyperedge_parent.size() != m)
    return fail(fmt::format("hyperedge depth/parent have {}/{} entries but the hypergraph has {} hyperedges",
                            hyperedge_depth.size(), hyperedge_parent.size(), m));
  if (source >= n) return fail(fmt::format("source {} out of range: hypergraph has {} vertices", source, n));

  // 2. the source
  if (vertex_depth[source] != 0)
    return fail(fmt::format("source {}: depth {} instead of 0", id(source), vertex_depth[source]));
  if (vertex_parent[source] != source)
    return fail(fmt::format("source {}: parent {} instead of itself", id(source), vertex_parent[source]));

  // 3. vertices against their parent hyperedges
  for (vertex_t v = 0; v < n; ++v) {
    if (v == source) continue;
    const vertex_t d = vertex_depth[v], h = vertex_parent[v];
    if (d == kUnreached) {
      if (h != kUnreached)
        return fail(fmt::format("vertex {}: unreached but has parent hyperedge {}", id(v), h));
      continue;
    }
    if (d == 0) return fail(fmt::format("vertex {}: depth 0 but it is not the source {}", id(v), id(source)));
    if (h == kUnreached) return fail(fmt::format("vertex {}: depth {} but no parent", id(v), d));
    if (h >= m) return fail(fmt::format("vertex {}: parent {} is not a hyperedge", id(v), h));
    if (!contains(graph.pins(h), v))
      return fail(fmt::format("vertex {}: parent hyperedge {} does not contain it", id(v), h));
    if (hyperedge_depth[h] != d)
      return fail(
          fmt::format("vertex {}: depth {} but parent hyperedge {} has depth {}", id(v), d, h,
                      hyperedge_depth[h] == kUnreached ? -1 : static_cast<long long>(hyperedge_depth[h])));
  }

  // 4. hyperedges against their parent vertices
  for (hyperedge_t h = 0; h < m; ++h) {
    const vertex_t d = hyperedge_depth[h], u = hyperedge_parent[h];
    if (d == kUnreached) {
      if (u != kUnreached)
        return fail(fmt::format("hyperedge {}: unreached but has parent vertex {}", h, id(u)));
      continue;
    }
    if (d == 0) return fail(fmt::format("hyperedge {}: depth 0 (hyperedges start at depth 1)", h));
    if (u == kUnreached) return fail(fmt::format("hyperedge {}: depth {} but no parent", h, d));
    if (u >= n) return fail(fmt::format("hyperedge {}: parent {} is not a vertex", h, u));
    if (!contains(graph.pins(h), u))
      return fail(fmt::format("hyperedge {}: parent vertex {} is not in it", h, id(u)));
    if (vertex_depth[u] != d - 1)
      return fail(fmt::format("hyperedge {}: depth {} but parent vertex {} has depth {}", h, d, id(u),
                              vertex_depth[u] == kUnreached ? -1 : static_cast<long long>(vertex_depth[u])));
  }

  // 5. every pin, from the hyperedge side
  for (hyperedge_t h = 0; h < m; ++h) {
    const vertex_t hd = hyperedge_depth[h];
    for (vertex_t v : graph.pins(h)) {
      const vertex_t vd = vertex_depth[v];
      if (vd != kUnreached && hd == kUnreached)
        return fail(fmt::format("pin ({}, {}): vertex {} reached but hyperedge {} not", h, id(v), id(v), h));
      if (hd != kUnreached && vd == kUnreached)
        return fail(fmt::format("pin ({}, {}): hyperedge {} reached but vertex {} not", h, id(v), h, id(v)));
      if (hd == kUnreached) continue;
      if (hd > vd + 1)
        return fail(
            fmt::format("pin ({}, {}): hyperedge depth {} exceeds vertex depth {} + 1", h, id(v), hd, vd));
      if (vd > hd)
        return fail(
            fmt::format("pin ({}, {}): vertex depth {} exceeds hyperedge depth {}", h, id(v), vd, hd));
    }
  }

  // 6. the reference
  const hyper_bfs_result expected = reference_hyper_bfs(graph, source);
  for (vertex_t v = 0; v < n; ++v)
    if (vertex_depth[v] != expected.vertex_depth[v])
      return fail(fmt::format("vertex {}: depth {} but a serial BFS finds {}", id(v), vertex_depth[v],
                              expected.vertex_depth[v]));
  for (hyperedge_t h = 0; h < m; ++h)
    if (hyperedge_depth[h] != expected.hyperedge_depth[h])
      return fail(fmt::format("hyperedge {}: depth {} but a serial BFS finds {}", h, hyperedge_depth[h],
                              expected.hyperedge_depth[h]));
  return pass();
}

}  // namespace plexus::verify
