// Vertex relabelling: renumber a graph's vertices so that the ones gathered most often sit
// next to each other in memory.
//
// Power-law graphs send most arcs to a few hubs. When hubs get the smallest ids, the
// per-vertex state that traversals read at random (depths, distances, frontier bits,
// PageRank contributions) keeps its hot entries in a few cache lines, so they stay in the
// GPU's L1 and the CPU's L2 (degree-based ordering: Faldu, Diamond, Grot, "A Closer Look at
// Lightweight Graph Reordering", IISWC 2019; GAPBS relabels by degree before counting
// triangles, Beamer, Asanovic, Patterson, arXiv:1508.03619). The relabelled graph is the same
// graph: its original_ids map every new id back to the input's id, so results written
// through them name the same vertices as before.
#pragma once

#include <string_view>

#include "plexus/graph/csr_graph.hpp"

namespace plexus {

enum class vertex_order {
  input,   // keep the ids the builder gave
  degree,  // decreasing degree (out + in for directed graphs), ties by current id
};

std::string_view to_string(vertex_order order);
/// Inverse of to_string; throws plexus::error(invalid_argument) naming the choices.
vertex_order parse_vertex_order(std::string_view name);

/// The graph with vertices renumbered in `order`: neighbour lists (and weights, and the
/// reverse CSR of a directed graph) permuted and sorted again, original ids carried over.
/// The result does not depend on the thread count.
csr_graph relabel(const csr_graph& graph, vertex_order order);

/// The new id of every old vertex under `order` (a permutation of 0..n-1).
host_vector<vertex_t> vertex_permutation(const csr_graph& graph, vertex_order order);

/// Whether out-degrees never increase with the id, as after relabel(graph, degree) of an
/// undirected graph: the hubs then share cache lines in every per-vertex array, and some
/// kernels pick their data layout by it (PageRank's gather, SSSP's pull).
bool degrees_non_increasing(const csr_graph& graph);

}  // namespace plexus
