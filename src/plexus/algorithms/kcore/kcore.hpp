// k-core decomposition: the core number of every vertex.
//
// The k-core of a graph is its maximal subgraph in which every vertex has degree at least k;
// the core number of v is the largest k such that v belongs to the k-core (Seidman, "Network
// structure and minimum degree", Social Networks 5(3), 1983). The largest core number is the
// graph's degeneracy. These are the values of networkx.core_number and cuGraph's core_number.
//
// Output: core[v] for every internal vertex id v; a vertex without neighbours has core 0.
// The numbers are unique, so every back end returns the same vector.
// Input: an undirected graph (as cuGraph requires); a directed one is refused with
// plexus::error(unsupported): symmetrize it when reading. Degrees are those of the
// stored CSR without self-loops. The builder removes self-loops and merges parallel edges by
// default, which gives NetworkX's numbers. A self-loop kept on purpose (for algorithms that
// count them) is ignored here: the numbers are those of the graph without its loops, which is
// what NetworkX gives once they are removed (networkx.core_number refuses a graph with
// loops). A kept parallel edge counts once per copy: the result is then the decomposition
// under that degree, which the serial reference computes the same way.
//
// Approach: level-synchronous parallel peeling. At level k the frontier holds every
// remaining vertex of degree <= k; peeling it gives those vertices core k and decrements the
// degree of their remaining neighbours, and a neighbour whose degree falls from k + 1 to k
// joins the next frontier of the same level. When a level's frontier is empty, k jumps to
// the smallest remaining degree. Each level's first frontier is compacted from the list of
// remaining vertices, which is itself compacted as vertices are peeled, so a level costs
// what remains rather than the whole graph (Kabir and Madduri, "Parallel k-core
// decomposition on multicore platforms", IPDPSW 2017, the PKC algorithm; Dhulipala, Blelloch
// and Shun, "Julienne: A Framework for Parallel Graph Algorithms using Work-efficient
// Bucketing", SPAA 2017, peel the same levels as buckets of equal degree). The serial
// reference is the O(n + m) bucket algorithm of Batagelj and Zaversnik, "An O(m) Algorithm
// for Cores Decomposition of Networks", arXiv cs/0310049, 2003 (kcore_verify.hpp).
#pragma once

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/operators/load_balance.hpp"

namespace plexus {

struct kcore_options {
  load_balance balance = load_balance::automatic;  // how each peeling round spreads its arcs
};

struct kcore_result {
  host_vector<vertex_t> core;  // core number of every vertex (internal ids)
  vertex_t max_core = 0;       // the degeneracy; 0 for a graph without edges
  int levels = 0;              // distinct core numbers, one peeling level each
  int rounds = 0;              // frontiers peeled over all levels
  double seconds = 0;          // on the device (CUDA events on GPUs): no upload, no download
};

/// Throws plexus::error(unsupported) for a directed graph, plexus::error(invalid_argument) when a degree exceeds the
/// 2^31 - 2 that the signed 32-bit degree counters hold.
kcore_result core_numbers(const device_graph& graph, const kcore_options& options = {});

}  // namespace plexus
