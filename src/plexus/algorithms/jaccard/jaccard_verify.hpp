// Serial reference for Jaccard similarity of vertex neighbourhoods.
//
// J(u, v) = |N(u) ∩ N(v) \ {u, v}| / |N(u) ∪ N(v)| (P. Jaccard, Bull. Soc. Vaud. Sci. Nat.
// 37, 1901), with N(x) the neighbourhood of x as stored (a kept self-loop puts x in N(x)), and
// 0 when the union is empty - the definition of networkx.jaccard_coefficient, whose common
// neighbours leave u and v out. Repeated neighbours
// count once. "Edge-connected" Jaccard scores one value per stored arc, as cuGraph's jaccard
// and Gunrock's do. The graph must be undirected; a directed graph raises
// plexus::error(invalid_argument), as networkx refuses directed graphs.
//
// Sets are intersected by merging sorted, deduplicated neighbour lists.
#pragma once

#include <span>
#include <utility>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/core/verdict.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::verify {

/// One score per stored arc, aligned with graph.indices(): result[e] = J(u, indices[e]) for
/// the row u holding e.
host_vector<double> reference_jaccard(const csr_graph& graph);

/// J(u, v) for arbitrary vertex pairs (need not be edges).
host_vector<double> reference_jaccard_pairs(const csr_graph& graph,
                                            std::span<const std::pair<vertex_t, vertex_t>> pairs);

/// For every vertex u, its min(k, |N(u) \ {u}|) neighbours of highest J(u, v), by decreasing
/// score and, among equal scores, increasing original id (the input's id); stored CSR-like.
struct top_k_jaccard_result {
  host_vector<edge_t> offsets;      // num_vertices + 1 entries
  host_vector<vertex_t> neighbors;  // the chosen neighbours of each vertex, best first
  host_vector<double> scores;       // J(u, neighbor), aligned with neighbors
};
top_k_jaccard_result reference_top_k_jaccard(const csr_graph& graph, vertex_t k);

/// Compares per-arc scores with the reference within an absolute tolerance.
verdict compare_jaccard(const csr_graph& graph, std::span<const double> scores, double tolerance = 1e-9);

/// Checks scores of listed pairs against the reference within an absolute tolerance.
verdict compare_pair_scores(const csr_graph& graph, std::span<const std::pair<vertex_t, vertex_t>> pairs,
                            std::span<const double> scores, double tolerance = 1e-9);

/// Checks a listing of every undirected edge once (as `plexus run jaccard --out` writes it):
/// each stored edge (u, v) exactly once with original_id(u) <= original_id(v), the pairs in
/// increasing (original_id(u), original_id(v)) order, each with its reference score.
verdict compare_edge_listing(const csr_graph& graph, std::span<const std::pair<vertex_t, vertex_t>> pairs,
                             std::span<const double> scores, double tolerance = 1e-9);

/// Checks a top-k listing (as `plexus run jaccard --top-k` writes it): the (u, v) pairs of
/// reference_top_k_jaccard(graph, k), grouped by u, the groups by increasing original id of
/// u, each group's neighbours in the reference's order with its scores.
verdict compare_top_k_listing(const csr_graph& graph, vertex_t k,
                              std::span<const std::pair<vertex_t, vertex_t>> pairs,
                              std::span<const double> scores, double tolerance = 1e-9);

}  // namespace plexus::verify
