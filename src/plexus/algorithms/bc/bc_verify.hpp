// Serial reference for betweenness centrality: Brandes' algorithm on hop (unweighted)
// shortest paths, with the scaling conventions of NetworkX's betweenness_centrality.
//
// References:
//   [1] U. Brandes, "A faster algorithm for betweenness centrality", J. Math. Sociol. 25(2),
//       2001: one BFS per source counts shortest paths (sigma), then dependencies are
//       accumulated in reverse BFS order, delta[v] += sigma[v]/sigma[w] * (1 + delta[w]).
//   [2] U. Brandes, "On variants of shortest-path betweenness centrality and their generic
//       computation", Social Networks 30(2), 2008 (endpoint variant, source sampling).
//   [3] NetworkX 3.6 networkx/algorithms/centrality/betweenness.py (_accumulate_basic,
//       _accumulate_endpoints, _rescale), whose output reference_betweenness reproduces.
//
// reference_betweenness_dependencies returns the raw sums over the given sources s of
// delta_s(v), v != s, counting every ordered (s, t) pair: this is "batch BC" as LAGraph and
// GAP bc.cc report it (GAP minus the zero-length paths), for directed and undirected graphs
// alike. reference_betweenness then applies NetworkX's rescaling, with N = n - 1 (n with
// endpoints) and k = number of sources (N when all vertices are sources):
//   normalized             : 1 / (k (N - 1))
//   unnormalized           : N / (k c), c = 2 for undirected graphs (each unordered pair
//                            was counted from both ends), 1 for directed ones
//   sources a strict subset and no endpoints: NetworkX scales sources and non-sources apart
//                            (a source never lies inside its own paths): k - 1 replaces k
//                            in the factor of a source vertex (NaN when k == 1).
// No rescaling at all when N < 2. Arcs are followed in their stored direction; parallel arcs
// count once and self-loops never lie on a shortest path, as in NetworkX (whose adjacency is
// a set of neighbours).
#pragma once

#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/core/verdict.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::verify {

/// Sum over `sources` (empty: every vertex) of Brandes dependencies, unscaled.
/// With `endpoints`, a path also counts for its two ends ([2], NetworkX's endpoints=True).
/// Throws plexus::error(invalid_argument) for a source out of range or listed twice.
host_vector<double> reference_betweenness_dependencies(const csr_graph& graph, std::span<const vertex_t> sources,
                                                       bool endpoints = false);

/// NetworkX betweenness_centrality(G, k=len(sources) or None, normalized, endpoints) with the
/// sample fixed to `sources` (empty: all vertices, exact betweenness).
host_vector<double> reference_betweenness(const csr_graph& graph, std::span<const vertex_t> sources = {},
                                          bool normalized = true, bool endpoints = false);

/// Compares betweenness scores: |actual - expected| <= tolerance * max(1, |expected|), so the
/// tolerance is absolute for small scores and relative for large (unnormalized) ones. Both
/// hold one score per vertex of `graph`, which names the vertex of a difference by its input id.
verdict compare_betweenness(const csr_graph& graph, std::span<const double> expected,
                            std::span<const double> actual, double tolerance = 1e-6);

}  // namespace plexus::verify
