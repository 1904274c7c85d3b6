// The byte models of the algorithms; see bytes_moved.hpp. Sizes are those of the types the
// algorithms store: 8-byte offsets, 4-byte ids, weights, depths and labels, 8-byte path
// counts, dependencies, scores and coefficients.
#include "plexus/perf/bytes_moved.hpp"

#include <vector>

namespace plexus::perf {

namespace {

constexpr std::uint64_t kOffset = sizeof(edge_t);
constexpr std::uint64_t kId = sizeof(vertex_t);
constexpr std::uint64_t kWeight = sizeof(weight_t);
constexpr std::uint64_t kState = 4;  // a depth, distance, label, degree or core number
constexpr std::uint64_t kReal = sizeof(double);

/// `lists` lists read holding `entries` ids, each entry with `per_entry` further bytes read
/// beside it (a weight, the state of the vertex it names).
constexpr std::uint64_t lists_bytes(std::uint64_t lists, std::uint64_t entries, std::uint64_t per_entry) {
  return lists * kOffset + entries * (kId + per_entry);
}

/// The intersection of sorted lists of `a` and `b` entries: the shorter read, the longer
/// probed once per entry of it.
constexpr std::uint64_t intersection_bytes(edge_t a, edge_t b) {
  return 2 * (a < b ? a : b) * kId;
}

/// For every edge, the intersection of the lists of its two ends and the offset of the
/// second: once per unordered pair on an undirected graph (arc u -> v with u <= v), once per
/// arc on a directed one.
/// Every model that visits each arc runs over the host's threads: one thread took 2 s per
/// pass on a graph of 64 M arcs (its reads of the other end's degree miss the cache), longer
/// than the GPU's whole run (docs/performance/tc.md, "The byte models over every arc").
std::uint64_t pair_intersections_bytes(const csr_graph& graph) {
  const vertex_t n = graph.num_vertices();
  std::uint64_t bytes = 0;
#pragma omp parallel for reduction(+ : bytes) schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u)
    for (const vertex_t v : graph.neighbors(u))
      if (graph.directed() || u <= v) bytes += kOffset + intersection_bytes(graph.degree(u), graph.degree(v));
  return bytes;
}

}  // namespace

std::uint64_t bfs_bytes(vertex_t vertices, vertex_t reached, edge_t arcs) {
  return std::uint64_t{vertices} * kState + lists_bytes(reached, arcs, kState) +
         std::uint64_t{reached} * kState;
}

std::uint64_t sssp_bytes(vertex_t vertices, vertex_t reached, edge_t arcs, bool weighted) {
  return std::uint64_t{vertices} * kState + lists_bytes(reached, arcs, kState + (weighted ? kWeight : 0)) +
         std::uint64_t{reached} * kState;
}

std::uint64_t cc_bytes(vertex_t vertices, edge_t arcs) {
  return std::uint64_t{vertices} * kState + lists_bytes(vertices, arcs, kState) +
         std::uint64_t{vertices} * kState;
}

std::uint64_t lp_bytes(vertex_t vertices, edge_t arcs, std::uint64_t iterations) {
  const std::uint64_t per_iteration = lists_bytes(vertices, arcs, kState) + std::uint64_t{vertices} * kState;
  return std::uint64_t{vertices} * kState + iterations * per_iteration;
}

std::uint64_t bc_bytes(vertex_t vertices, edge_t arcs, std::uint64_t sources) {
  // Path counts and dependencies written and read; scores read and written.
  const std::uint64_t per_vertex = 2 * kReal + 2 * kReal + 2 * kReal;
  return sources * (2 * bfs_bytes(vertices, vertices, arcs) + std::uint64_t{vertices} * per_vertex);
}

std::uint64_t kcore_bytes(vertex_t vertices, edge_t arcs) {
  // Degrees from the offsets, written; each list read with its neighbours' degrees, which are
  // also written back; core numbers written.
  const std::uint64_t degrees = std::uint64_t{vertices} * (kOffset + kState);
  return degrees + lists_bytes(vertices, arcs, 2 * kState) + std::uint64_t{vertices} * kState;
}

std::uint64_t tc_bytes(const csr_graph& graph) {
  // Over the host's threads, as pair_intersections_bytes. Oriented out-degrees by the rule of operators/orient.hpp: u -> v kept when (deg u, u) <
  // (deg v, v); the builder's graphs repeat no neighbour.
  const vertex_t n = graph.num_vertices();
  std::vector<edge_t> oriented(n, 0);
  const auto kept = [&](vertex_t u, vertex_t v) {
    const edge_t du = graph.degree(u), dv = graph.degree(v);
    return du < dv || (du == dv && u < v);
  };
  edge_t oriented_arcs = 0;
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u)
    for (const vertex_t v : graph.neighbors(u))
      if (kept(u, v)) ++oriented[u];
  std::uint64_t intersections = 0;
#pragma omp parallel for reduction(+ : intersections, oriented_arcs) schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u) {
    oriented_arcs += oriented[u];
    for (const vertex_t v : graph.neighbors(u))
      if (kept(u, v)) intersections += kOffset + intersection_bytes(oriented[u], oriented[v]);
  }
  const std::uint64_t orient = lists_bytes(n, graph.num_edges(), 0) + lists_bytes(n, oriented_arcs, 0);
  return orient + intersections;
}

std::uint64_t jaccard_bytes(const csr_graph& graph) {
  return lists_bytes(graph.num_vertices(), graph.num_edges(), 0) + pair_intersections_bytes(graph) +
         graph.num_edges() * kReal;
}

std::uint64_t lcc_bytes(const csr_graph& graph) {
  return lists_bytes(graph.num_vertices(), graph.num_edges(), 0) + pair_intersections_bytes(graph) +
         std::uint64_t{graph.num_vertices()} * kReal;
}

std::uint64_t hyper_bfs_bytes(const hypergraph& graph, vertex_t reached_vertices, edge_t vertex_pins,
                              hyperedge_t reached_hyperedges, edge_t hyperedge_pins) {
  const std::uint64_t elements = std::uint64_t{graph.num_vertices()} + graph.num_hyperedges();
  const std::uint64_t reached = std::uint64_t{reached_vertices} + reached_hyperedges;
  return elements * kState + lists_bytes(reached, vertex_pins + hyperedge_pins, kState) + reached * kState;
}

std::uint64_t hyper_cc_bytes(const hypergraph& graph, std::uint64_t rounds) {
  const std::uint64_t vertices = graph.num_vertices(), hyperedges = graph.num_hyperedges();
  // Both incidence lists with the other side's labels, both sides' labels written, and the
  // pointer jump's read and write of each vertex's label.
  const std::uint64_t per_round = lists_bytes(vertices + hyperedges, 2 * graph.num_pins(), kState) +
                                  (vertices + hyperedges) * kState + vertices * 2 * kState;
  return vertices * kState + rounds * per_round;
}

}  // namespace plexus::perf
