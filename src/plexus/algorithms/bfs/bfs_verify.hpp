// Serial verifier and reference for breadth-first search (GAPBS bfs.cc BFSVerifier style).
//
// Output encoding checked: depth[v] is the hop count from the source, or unreached_depth
// (== invalid_vertex) when v cannot be reached; parent[v] is the vertex BFS reached v from,
// parent[source] == source, invalid_vertex when unreached. Any BFS tree is accepted (a vertex
// may have several valid parents); the depths are unique and are compared with a serial BFS.
//
// Invariants, checked in this order (the first violation is reported):
//   1. depth and parent have one entry per vertex; the source is a vertex.
//   2. depth[source] == 0 and parent[source] == source.
//   3. an unreached vertex has depth unreached_depth and parent invalid_vertex;
//      a reached vertex v != source has depth >= 1 and a reached parent with
//      depth[parent] == depth[v] - 1.
//   4. every arc u->v with u reached has v reached and depth[v] <= depth[u] + 1.
//   5. for every reached v != source the arc parent[v] -> v exists.
//   6. depths equal those of an independent serial queue BFS.
#pragma once

#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/core/verdict.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::verify {

/// Depth value of a vertex BFS does not reach (equal to plexus::unreached_depth).
inline constexpr vertex_t bfs_unreached = invalid_vertex;

verdict bfs(const csr_graph& graph, vertex_t source, std::span<const vertex_t> depth,
            std::span<const vertex_t> parent);

/// Serial queue BFS over the out-arcs; bfs_unreached for vertices not reached.
/// Throws plexus::error(invalid_argument) when the source is not a vertex.
host_vector<vertex_t> reference_bfs_depths(const csr_graph& graph, vertex_t source);

}  // namespace plexus::verify
