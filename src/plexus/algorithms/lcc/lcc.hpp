// Local clustering coefficient (LCC) of every vertex, as LDBC Graphalytics defines it.
//
// For a vertex v, N(v) is its neighbourhood without v itself: its neighbours in an undirected
// graph, its in- and out-neighbours together in a directed one. Then
//   LCC(v) = |{(u, w) in E : u, w in N(v), u != w}| / (|N(v)| (|N(v)| - 1)),
// and 0 when |N(v)| < 2 [1]. An undirected graph holds both arcs of each edge, so this is
// 2 T(v) / (d (d - 1)) with T(v) the triangles through v and d its degree: the clustering
// coefficient of Watts and Strogatz [2] and networkx.clustering [3]. On a directed graph the
// numerator counts arcs, so a pair of neighbours linked both ways counts twice and the value
// stays within [0, 1]. (networkx.clustering on a directed graph is another quantity, Fagiolo's
// directed triangles [4], and is not what this computes.)
//
// Output: coefficient[v] for every internal vertex id v; the ratio of two integers, so every
// back end returns the same doubles, and average the mean over all vertices
// (networkx.average_clustering). Input: a graph whose neighbour lists repeat no neighbour (the
// builder's default; others are refused with plexus::error(invalid_argument)); a directed one
// needs its reverse CSR. A kept self-loop is ignored: v is never in N(v) and an arc (u, u)
// never counts, as NetworkX leaves loops out of its triangles and Graphalytics' graphs have
// none.
//
// Approach: the neighbourhood lists N(v) are built once as a CSR (count, scan, fill; each row a
// merge of the out- and in-row without v); an undirected graph without loops is its own. Then
// every arc v -> u of that CSR counts the arcs from u into N(v) with the intersect operator:
// |N(v) ∩ N(u)| on an undirected graph, where the host intersects each pair once for both of
// its arcs, and |N(v) ∩ out(u)| (less u's own loop) on a directed one; the host tests one list
// against the other held in a bitmap, GPUs run a thread per arc choosing merge or
// binary-search probes by the two lengths (operators/intersect.hpp). A segmented sum over the
// rows gives each vertex's numerator. This is the edge-centric intersection of triangle
// counting (Green, Yalamanchili, Munguia, "Fast triangle counting on the GPU", IA3 2014)
// without the orientation that finds each triangle once, since every vertex needs its own
// count.
//
// References:
//   [1] A. Iosup et al., "The LDBC Graphalytics Benchmark", v1.0 specification
//       (arXiv:2011.15028), Local Clustering Coefficient (LCC).
//   [2] D. J. Watts, S. H. Strogatz, "Collective dynamics of 'small-world' networks",
//       Nature 393, 1998.
//   [3] NetworkX 3.x networkx/algorithms/cluster.py, clustering and average_clustering.
//   [4] G. Fagiolo, "Clustering in complex directed networks", Phys. Rev. E 76, 2007.
#pragma once

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/operators/intersect_method.hpp"

namespace plexus {

struct lcc_options {
  intersect_method method = intersect_method::hybrid;  // how N(v) and out(u) are intersected
};

struct lcc_result {
  host_vector<double> coefficient;  // LCC of every vertex (internal ids)
  double average = 0;               // mean over all vertices, those with |N(v)| < 2 included
  edge_t neighbourhood_arcs = 0;    // sum of |N(v)|: the arcs intersected
  double seconds = 0;               // on the device (CUDA events on GPUs): no upload, no download
};

/// Throws plexus::error(invalid_argument) for a graph whose neighbour lists repeat a neighbour
/// or a directed graph without its reverse CSR.
lcc_result local_clustering(const device_graph& graph, const lcc_options& options = {});

}  // namespace plexus
