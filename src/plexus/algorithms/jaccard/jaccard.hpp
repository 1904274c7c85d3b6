// Jaccard similarity of vertex neighbourhoods: edge-connected (one score per stored arc),
// for given vertex pairs, and the k most similar neighbours of every vertex.
//
// J(u, v) = |N(u) ∩ N(v) \ {u, v}| / |N(u) ∪ N(v)| (P. Jaccard, Bull. Soc. Vaud. Sci. Nat.
// 37, 1901), with N(x) the neighbour list as stored and 0 when the union is empty: the
// definition of networkx.jaccard_coefficient (NetworkX 3.6.1: the union of the neighbour sets
// over common_neighbors, which leaves u and v out) and verify::reference_jaccard. Without
// self-loops u and v are never common neighbours, so this is |N(u) ∩ N(v)| / |N(u) ∪ N(v)|.
// A kept self-loop puts x in N(x): it counts in the union, and never as a common neighbour.
// Input: an undirected graph without repeated neighbours (the builder's default); a directed
// graph is refused with plexus::error(unsupported), repeated neighbours with
// plexus::error(invalid_argument).
//
// Approach: |N(u) ∪ N(v)| = deg u + deg v - |N(u) ∩ N(v)|, so each score needs the size of
// one intersection (operators/common_neighbours.hpp). GPUs get every edge's count from its
// triangles: each triangle is listed once over the degree-oriented graph, as triangle
// counting does, and credited to its three edges (operators/edge_triangles.hpp); a common
// neighbour of u and v is the third corner of a triangle on {u, v}, or one of u and v
// themselves when they have loops. The host scores each undirected pair once for its two
// arcs, with arcs in dynamic chunks, testing the shorter list against the longer one held in
// a per-thread bitmap or probing by binary search where the estimate says that is cheaper
// (operators/host/intersect.hpp): the hybrid of Sathre, Gondhalekar, Feng ("Edge-connected
// Jaccard similarity for graph link prediction on FPGA", HPEC 2022), with a bitmap in place of
// the merge. method forces merge-only or search-only intersections for comparison (on GPUs,
// of the oriented lists).
#pragma once

#include <span>
#include <utility>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/operators/intersect_method.hpp"

namespace plexus {

struct jaccard_options {
  intersect_method method = intersect_method::hybrid;
};

struct jaccard_result {
  host_vector<double> score;  // per stored arc (aligned with indices) or per requested pair
  double seconds = 0;         // scoring only: no upload or download
};

/// One score per stored arc: score[e] = J(u, indices[e]) for the row u holding arc e.
jaccard_result jaccard(const device_graph& graph, const jaccard_options& options = {});

/// J(u, v) for each given pair (need not be edges). Throws for a vertex out of range.
jaccard_result jaccard_pairs(const device_graph& graph, std::span<const std::pair<vertex_t, vertex_t>> pairs,
                             const jaccard_options& options = {});

/// For every vertex u, its min(k, |N(u) \ {u}|) neighbours of highest J(u, v), by decreasing
/// score and, among equal scores, increasing original id (the input's id, whatever the
/// graph's numbering: graph/input_order.hpp); stored CSR-like, rows by internal id.
struct jaccard_top_k_result {
  host_vector<edge_t> offsets;      // num_vertices + 1 entries
  host_vector<vertex_t> neighbors;  // the chosen neighbours of each vertex, best first
  host_vector<double> scores;       // J(u, neighbor), aligned with neighbors
  double seconds = 0;
};
jaccard_top_k_result jaccard_top_k(const device_graph& graph, vertex_t k,
                                   const jaccard_options& options = {});

}  // namespace plexus
