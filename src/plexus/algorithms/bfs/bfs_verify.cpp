// Serial BFS verifier and queue-based reference BFS; the invariants are listed in
// bfs_verify.hpp.
#include "plexus/algorithms/bfs/bfs_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/graph/input_id.hpp"

namespace plexus::verify {

namespace {

void check_source(const csr_graph& graph, vertex_t source) {
  if (source >= graph.num_vertices())
    throw error(error_kind::invalid_argument,
                fmt::format("source {} out of range: graph has {} vertices", source, graph.num_vertices()));
}

}  // namespace

host_vector<vertex_t> reference_bfs_depths(const csr_graph& graph, vertex_t source) {
  check_source(graph, source);
  const vertex_t n = graph.num_vertices();
  host_vector<vertex_t> depth(n);
  std::fill(depth.begin(), depth.end(), bfs_unreached);
  std::vector<vertex_t> queue;
  queue.reserve(n);
  depth[source] = 0;
  queue.push_back(source);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const vertex_t u = queue[head];
    for (vertex_t v : graph.neighbors(u)) {
      if (depth[v] != bfs_unreached) continue;
      depth[v] = depth[u] + 1;
      queue.push_back(v);
    }
  }
  return depth;
}

verdict bfs(const csr_graph& graph, vertex_t source, std::span<const vertex_t> depth,
            std::span<const vertex_t> parent) {
  const vertex_t n = graph.num_vertices();
  const auto id = [&](vertex_t v) { return input_id(graph, v); };
  // 1. shapes
  if (depth.size() != n) return fail(fmt::format("depth has {} entries but the graph has {} vertices", depth.size(), n));
  if (parent.size() != n)
    return fail(fmt::format("parent has {} entries but the graph has {} vertices", parent.size(), n));
  if (source >= n) return fail(fmt::format("source {} out of range: graph has {} vertices", source, n));

  // 2. the source
  if (depth[source] != 0)
    return fail(fmt::format("source {}: depth {} instead of 0", id(source), depth[source]));
  if (parent[source] != source)
    return fail(fmt::format("source {}: parent {} instead of itself", id(source), id(parent[source])));

  // 3. each vertex against its parent
  for (vertex_t v = 0; v < n; ++v) {
    if (v == source) continue;
    const vertex_t p = parent[v];
    if (depth[v] == bfs_unreached) {
      if (p != invalid_vertex)
        return fail(fmt::format("vertex {}: unreached but has parent {}", id(v), id(p)));
      continue;
    }
    if (depth[v] == 0)
      return fail(fmt::format("vertex {}: depth 0 but it is not the source {}", id(v), id(source)));
    if (p == invalid_vertex) return fail(fmt::format("vertex {}: depth {} but no parent", id(v), depth[v]));
    if (p >= n) return fail(fmt::format("vertex {}: parent {} is not a vertex", id(v), p));
    if (depth[p] == bfs_unreached)
      return fail(fmt::format("vertex {}: depth {} but parent {} is unreached", id(v), depth[v], id(p)));
    if (depth[p] != depth[v] - 1)
      return fail(
          fmt::format("vertex {}: depth {} but parent {} has depth {}", id(v), depth[v], id(p), depth[p]));
  }

  // 4. every arc leaving a reached vertex; 5. collects which tree arcs exist on the way, so
  // the check is one pass over the arcs whatever the parents' degrees.
  std::vector<bool> parent_arc_found(n, false);
  const auto offsets = graph.offsets();
  const auto indices = graph.indices();
  for (vertex_t u = 0; u < n; ++u) {
    if (depth[u] == bfs_unreached) continue;
    for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const vertex_t v = indices[e];
      if (depth[v] == bfs_unreached)
        return fail(fmt::format("arc {}->{}: {} has depth {} but {} is unreached", id(u), id(v), id(u),
                                depth[u], id(v)));
      if (depth[v] > depth[u] + 1)
        return fail(fmt::format("arc {}->{}: depth {} exceeds depth of {} plus one ({})", id(u), id(v),
                                depth[v], id(u), depth[u] + 1));
      if (parent[v] == u) parent_arc_found[v] = true;
    }
  }
  for (vertex_t v = 0; v < n; ++v)
    if (v != source && depth[v] != bfs_unreached && !parent_arc_found[v])
      return fail(fmt::format("vertex {}: parent {} is not an in-neighbour (no arc {}->{})", id(v),
                              id(parent[v]), id(parent[v]), id(v)));

  // 6. an independent BFS; catches vertices marked reached that no path leads to.
  const host_vector<vertex_t> expected = reference_bfs_depths(graph, source);
  for (vertex_t v = 0; v < n; ++v) {
    if (depth[v] == expected[v]) continue;
    const auto word = [](vertex_t d) { return d == bfs_unreached ? std::string("unreached") : std::to_string(d); };
    return fail(
        fmt::format("vertex {}: depth {} but serial BFS gives {}", id(v), word(depth[v]), word(expected[v])));
  }
  return pass();
}

}  // namespace plexus::verify
