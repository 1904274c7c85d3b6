// Canonical shortest-path-tree parents: the same tree whatever the vertex order or the races
// of a parallel run (bfs/canonical_parents.hpp says why this is done on the host).
//
// Definitions, for the distances `dist` an SSSP run computed in float arithmetic (fl: a float
// addition rounded to nearest, weight 1 for unweighted graphs):
//   an arc u -> v of weight w is tight when dist[u] is finite and fl(dist[u] + w) == dist[v];
//   hops[v] is the fewest tight arcs on a path from the source to v;
//   parent[v] is, among the tight arcs u -> v with hops[u] == hops[v] - 1, the tail u of
//   smallest original id (the input's id).
//
// Claim 1: dist depends on the graph alone. Every recorded distance is fl(dist[u] + w) of a
// recorded dist[u], so it is the left-to-right float sum along some path; and the run stops
// only when no arc lowers a distance, dist[v] <= fl(dist[u] + w) for every arc. Rounding is
// monotone, so by induction along any path P, dist[v] <= the float sum along P: dist[v] is the
// minimum over paths of that sum, whatever order the relaxations ran in.
//
// Claim 2: every reached vertex is reached along tight arcs (so hops is finite where dist is).
// Suppose not; among the reached vertices outside the set T reached along tight arcs, let x
// have the smallest distance D. dist[x] is the float sum along a path P; let z -> y (weight w)
// be the first arc of P leaving T and S the sum along P up to z. Sums along P never decrease
// (w >= 0, monotone rounding), so fl(S + w) <= D; dist[z] <= S, so dist[y] <= fl(dist[z] + w)
// <= D, while dist[y] >= D as y lies outside T. Hence dist[y] == fl(dist[z] + w): z -> y is
// tight and y lies in T, a contradiction.
//
// Claim 3: the parents form a tree rooted at the source. Every reached v != source has a
// tight in-arc from hops[v] - 1 (the last arc of a fewest-hop tight path), and hops falls by
// one along every parent link, so following parents from v reaches the source after hops[v]
// links and never cycles - even where zero weights, or weights lost to rounding, make tight
// arcs between equal distances and tight cycles. By Claim 1 tight arcs, hops and parents
// depend on the graph alone, so every vertex order and every run gives the same tree, and it
// passes verify::sssp: each parent link is a tight arc.
#pragma once

#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus {

/// The canonical parents above for the distances of a run from `source` (+infinity where
/// unreached): parent[source] == source, invalid_vertex where unreached. Uses the out-arcs
/// only: a parallel breadth-first pass over the tight arcs, then one pass to pick parents.
host_vector<vertex_t> canonical_sssp_parents(const csr_graph& graph, vertex_t source,
                                             std::span<const weight_t> distance);

}  // namespace plexus
