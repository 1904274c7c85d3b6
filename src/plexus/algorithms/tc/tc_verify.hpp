// Serial reference for triangle counting on the simple undirected graph.
//
// Method: orient every edge from the endpoint of lower (degree, id) rank to the higher one
// and, for every oriented edge u->v, intersect the sorted oriented lists of u and v by a
// merge (Schank and Wagner, "Finding, counting and listing all triangles in large graphs",
// WEA 2005, "forward" algorithm; Chiba and Nishizeki, SIAM J. Comput. 14(1), 1985). Every
// triangle is then found exactly once, at its lowest-ranked corner, and oriented lists have
// O(sqrt(m)) length, so the work is O(m^1.5) worst case.
//
// Self-loops and repeated neighbours are ignored, so the count is that of the simple graph
// (as trace(A^3)/6, LAGraph TriangleCount and networkx.triangles report it). The graph must
// be undirected (symmetrize a directed one when reading it); a directed graph raises
// plexus::error(invalid_argument).
#pragma once

#include <cstdint>
#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/core/verdict.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::verify {

/// Number of triangles of the simple undirected graph.
std::uint64_t reference_triangle_count(const csr_graph& graph);

/// Triangles through each vertex (networkx.triangles); sums to 3 * reference_triangle_count.
host_vector<std::uint64_t> reference_triangles_per_vertex(const csr_graph& graph);

/// Compares per-vertex triangle counts with the reference, naming the first differing vertex.
verdict compare_triangles_per_vertex(const csr_graph& graph, std::span<const std::uint64_t> counts);

}  // namespace plexus::verify
