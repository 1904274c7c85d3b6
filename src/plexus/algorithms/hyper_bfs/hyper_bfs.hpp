// Breadth-first search on a hypergraph, stepping vertex -> hyperedge -> vertex as in Hygra
// (J. Shun, "Practical parallel hypergraph algorithms", PPoPP 2020): the vertex frontier
// activates its unvisited hyperedges, which activate their unvisited vertices.
//
// Output (unreached entries are invalid_vertex), the encoding of hyper_bfs_verify.hpp:
//   vertex_depth[v]      hyperedges on a shortest source -> v walk; the source: 0;
//   hyperedge_depth[h]   1 + the smallest vertex depth among h's pins;
//   vertex_parent[v]     a hyperedge containing v with hyperedge_depth == vertex_depth[v]
//                        (the source: itself);
//   hyperedge_parent[h]  a vertex of h whose depth is hyperedge_depth[h] - 1.
// Depths are unique and equal on every back end; parents are any valid BFS tree (whichever
// discoverer won the race).
//
// Approach: level-synchronous push over the two incidence CSRs of device_hypergraph with the
// advance operator (operators/advance.hpp, load balancer chosen per step); a compare-and-swap
// on the depth elects one discoverer per hyperedge and per vertex.
#pragma once

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_hypergraph.hpp"
#include "plexus/operators/load_balance.hpp"

namespace plexus {

struct hyper_bfs_options {
  load_balance balance = load_balance::automatic;
};

struct hyper_bfs_result {
  host_vector<vertex_t> vertex_depth;
  host_vector<vertex_t> vertex_parent;     // hyperedge ids (the source: itself)
  host_vector<vertex_t> hyperedge_depth;
  host_vector<vertex_t> hyperedge_parent;  // vertex ids
  vertex_t levels = 0;                     // vertex levels reached, the source's included
  vertex_t reached_vertices = 0;
  hyperedge_t reached_hyperedges = 0;
  double seconds = 0;
};

/// Throws plexus::error(invalid_argument) when the source is not a vertex.
hyper_bfs_result hyper_bfs(const device_hypergraph& graph, vertex_t source, const hyper_bfs_options& options = {});

}  // namespace plexus
