// Serial reference and invariant checker for breadth-first search on a hypergraph, stepping
// vertex -> hyperedge -> vertex as in Hygra (Shun, "Practical parallel hypergraph
// algorithms", PPoPP 2020): the frontier of vertices activates their hyperedges, which
// activate their vertices.
//
// Output encoding (all unreached entries are invalid_vertex):
//   vertex_depth[v]      number of hyperedges on a shortest source -> v walk; source: 0.
//   hyperedge_depth[h]   1 + the smallest vertex depth among h's pins, i.e. h is the
//                        hyperedge_depth[h]-th hop of a shortest walk through it.
//   vertex_parent[v]     a hyperedge h containing v with hyperedge_depth[h] == vertex_depth[v];
//                        the source's parent is the source itself (a vertex id, as in GAPBS).
//   hyperedge_parent[h]  a vertex u in h with vertex_depth[u] == hyperedge_depth[h] - 1.
// Equivalently, in the bipartite incidence graph a vertex lies at distance 2 * vertex_depth
// and a hyperedge at 2 * hyperedge_depth - 1. Any BFS tree is accepted: the depths are unique,
// the parents are not.
//
// Invariants checked by hyper_bfs(), in this order (the first violation is reported):
//   1. one entry per vertex / hyperedge in each array; the source is a vertex.
//   2. vertex_depth[source] == 0 and vertex_parent[source] == source.
//   3. each vertex v != source: unreached => no parent; reached => depth >= 1, its parent is
//      a hyperedge containing v whose depth equals v's.
//   4. each hyperedge h: unreached => no parent; reached => depth >= 1, its parent is a vertex
//      of h with depth hyperedge_depth[h] - 1.
//   5. every pin (h, v): v reached => h reached and hyperedge_depth[h] <= vertex_depth[v] + 1;
//      h reached => v reached and vertex_depth[v] <= hyperedge_depth[h].
//   6. depths equal those of an independent serial BFS (3-5 already imply this; the
//      comparison names the first differing entry should an invariant above be too weak).
// 3-4 give every reached entry a parent walk down to the source of exactly its depth, so
// depths are at least the distances; 5 bounds them by the distances from above.
#pragma once

#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/core/verdict.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::verify {

struct hyper_bfs_result {
  host_vector<vertex_t> vertex_depth;
  host_vector<vertex_t> vertex_parent;     // hyperedge ids (the source: itself)
  host_vector<vertex_t> hyperedge_depth;
  host_vector<vertex_t> hyperedge_parent;  // vertex ids
};

/// Serial queue BFS; parents are the first discoverer in queue order.
/// Throws plexus::error(invalid_argument) when the source is not a vertex.
hyper_bfs_result reference_hyper_bfs(const hypergraph& graph, vertex_t source);

verdict hyper_bfs(const hypergraph& graph, vertex_t source, std::span<const vertex_t> vertex_depth,
                  std::span<const vertex_t> vertex_parent, std::span<const vertex_t> hyperedge_depth,
                  std::span<const vertex_t> hyperedge_parent);

inline verdict hyper_bfs(const hypergraph& graph, vertex_t source, const hyper_bfs_result& result) {
  return hyper_bfs(graph, source, result.vertex_depth, result.vertex_parent, result.hyperedge_depth,
                   result.hyperedge_parent);
}

}  // namespace plexus::verify
