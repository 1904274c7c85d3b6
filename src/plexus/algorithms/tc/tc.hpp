// Triangle counting: the number of triangles of a simple undirected graph, and optionally
// the number through each vertex.
//
// Output: total = number of 3-cliques; per_vertex[v] = triangles with v as a corner (the
// networkx.triangles value; sums to 3 * total). Input: an undirected graph; self-loops and
// repeated neighbours are ignored, so the count is that of the simple graph (trace(A^3)/6).
// Directed graphs are refused: symmetrize them when reading.
//
// Approach: every edge is oriented from the endpoint of lower (degree, id) rank to the
// higher one, which keeps each out-list at O(sqrt(m)) entries and finds every triangle
// exactly once, at its lowest-ranked corner ("forward" algorithm: Schank and Wagner,
// "Finding, counting and listing all triangles in large graphs", WEA 2005; Chiba and
// Nishizeki, SIAM J. Comput. 14(1), 1985). The oriented graph is built with a scan over
// per-arc keep flags (rows stay sorted); then each oriented arc u->v intersects N+(u) with
// N+(v) with the intersect operator: a merge for lists of similar length, a binary-search
// probe of the long list when one endpoint has far more out-neighbours (Green, Yalamanchili,
// Munguia, "Fast triangle counting on the GPU", IA3 2014; as in GAPBS tc.cc and Gunrock TC).
// The host's hybrid replaces the merge by bit tests of N+(v) against N+(u) held in a bitmap
// (operators/host/intersect.hpp).
// Per-vertex counts credit the three corners of every triangle found with atomic adds.
#pragma once

#include <cstdint>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/operators/intersect_method.hpp"

namespace plexus {

struct triangle_options {
  bool per_vertex = false;                             // also count triangles through each vertex
  intersect_method method = intersect_method::hybrid;  // how oriented lists are intersected
};

struct triangle_result {
  std::uint64_t total = 0;
  host_vector<std::uint64_t> per_vertex;  // empty unless options.per_vertex
  edge_t oriented_edges = 0;              // undirected edges of the simple graph
  double orient_seconds = 0;              // building the oriented graph
  double seconds = 0;                     // orientation + counting, no upload or download
};

/// Throws plexus::error(unsupported) for a directed graph.
triangle_result triangle_count(const device_graph& graph, const triangle_options& options = {});

}  // namespace plexus
