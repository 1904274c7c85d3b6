// Clique expansion (the "projected graph" of Benson et al., PNAS 2018): the undirected graph
// on the hypergraph's vertices with an edge {u, v} whenever u != v share a hyperedge.
//
// Optionally weighted: the weight of {u, v} is the number of hyperedges containing both (the
// co-occurrence count; Zhou, Huang, Schoelkopf, "Learning with hypergraphs", NIPS 2006, and
// Agarwal et al., "Higher order learning with graphs", ICML 2006, discuss such expansions).
// With distinct_hyperedges_only, hyperedges with the same vertex set count once. Counts are
// exact as weight_t (float) up to 2^24 shared hyperedges per pair.
//
// Approach: per vertex v, the union of the pins of v's hyperedges is gathered with a
// thread-local marker array (marker[u] == v means u is already a neighbour of v) and a
// thread-local count array for the weights, so no O(k^2) list of duplicate pairs is ever
// materialized. Vertices are processed in blocks; each block's lists are written to a
// per-block buffer and copied to place after a prefix sum over the degrees, so the expensive
// pass runs once. Every neighbour list is sorted: the result is identical whatever the thread
// count. Vertex ids and original ids are those of the hypergraph; vertices in no hyperedge (or
// only in hyperedges of one vertex) are isolated. The work is sum over v of sum over h in v of
// |h|, i.e. sum over hyperedges of |h|^2, the size of the expansion before deduplication.
#pragma once

#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus {

struct clique_expansion_options {
  /// Store, per edge, the number of hyperedges containing both endpoints.
  bool weighted = false;
  /// With weighted: a vertex set listed several times (e.g. once per timestamp) counts once.
  bool distinct_hyperedges_only = false;
};

/// Undirected csr_graph (each edge stored both ways, no self-loops, sorted neighbours).
csr_graph clique_expansion(const hypergraph& graph, const clique_expansion_options& options = {});

}  // namespace plexus
