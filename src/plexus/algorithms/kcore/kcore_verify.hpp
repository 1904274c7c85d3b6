// Serial reference and verifier for k-core decomposition.
//
// Reference: the bucket algorithm of Batagelj and Zaversnik ("An O(m) Algorithm for Cores
// Decomposition of Networks", arXiv cs/0310049, 2003): vertices sorted by degree with a
// bucket sort, then taken in that order; taking v fixes its core to its current degree and
// moves every neighbour of larger degree one bucket down, in O(1), so the whole run is
// O(n + m). Degrees are those of the stored CSR without self-loops, as the parallel algorithm
// counts them; a kept loop is ignored in every check below too.
//
// Checked, in this order, against the graph given (internal ids; the first violation is
// reported in one line):
//   1. the graph is undirected and core has one entry per vertex;
//   2. support: every vertex v has at least core(v) neighbours u with core(u) >= core(v), so
//      {u : core(u) >= k} has minimum degree k and no core number is too large;
//   3. maximality: at most core(v) neighbours of v have a larger core, since with one more v
//      would belong to the (core(v) + 1)-core;
//   4. equality with the reference ("vertex 17: core 3, expected 4"), which also catches
//      numbers too small in a way 2 and 3 allow (all zeros pass both on a triangle).
// 2 and 3 hold for the true core numbers whatever the reference says, so a wrong reference
// cannot make a wrong result pass them.
#pragma once

#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/core/verdict.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::verify {

/// Core number of every vertex. Throws plexus::error(invalid_argument) for a directed graph.
host_vector<vertex_t> reference_core_numbers(const csr_graph& graph);

verdict core_numbers(const csr_graph& graph, std::span<const vertex_t> core);

}  // namespace plexus::verify
