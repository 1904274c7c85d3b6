// PageRank by pull-based power iteration, NetworkX and LDBC Graphalytics variants.
//
// Output: rank[v], one double per vertex. Input: a graph with in-edges (undirected graphs,
// or directed graphs built with the reverse CSR); each stored arc has weight 1, a self-loop
// counts in the out-degree, undirected edges count in both directions.
//
// References:
//   [1] L. Page, S. Brin, R. Motwani, T. Winograd, "The PageRank citation ranking: bringing
//       order to the web", Stanford InfoLab TR 1999-66.
//   [2] NetworkX 3.x networkx/algorithms/link_analysis/pagerank_alg.py.
//   [3] A. Iosup et al., "The LDBC Graphalytics Benchmark", v1.0 specification, PageRank.
//
// pagerank_variant::networkx follows [2]: x_0 = 1/n, then
//   x'[v] = d * (sum over arcs u->v of x[u] / outdeg(u) + p[v] * sum over sinks s of x[s]) + (1 - d) * p[v]
// with p the personalization vector normalized to sum 1 (uniform when empty), so the rank
// mass of dangling vertices is redistributed by p; iteration stops when sum |x' - x| <
// n * tolerance (converged = true) or after max_iterations (converged = false, where
// NetworkX raises). The result is normalized to sum 1.
// pagerank_variant::graphalytics follows [3]: exactly max_iterations steps with uniform p and
// no normalization (verify::reference_pagerank_graphalytics).
//
// Approach: 1/outdeg is computed once per vertex. Each iteration gathers, for every vertex,
// the contributions x[u]/outdeg(u) of its in-neighbours (one read of the in-CSR; a warp per
// vertex on GPUs), writes x' and, for the next iteration, x'/outdeg; one reduction then
// yields the L1 change and the dangling mass of x'. The Graphalytics variant on an undirected
// graph needs no L1 change before its last step, and there a sink has no in-arcs, so the sinks'
// mass follows in closed form and that reduction is skipped, and the ranks are written only
// in the last two steps, which leaves the GPU's L2 cache to the gathered contributions. The
// gather asks GPUs for the most L1 cache they can give it (exec::cache_split::prefer_l1), and
// with the hub-clustered layout it reads the contributions past the hottest 32768 slots
// around L1 (exec::gather_hot_first in exec/loads.hpp); each measured faster. In degree order
// the same build was faster too, but as a gain of the code generator's, not of what is read.
// See docs/performance/pagerank.md: "Sinks in closed form and late rank writes",
// "L1 preference for the gather" and "Hot-first gather in the hub-clustered layout".
// No atomics, so the only difference between back ends is the order of floating-point
// additions. By default contributions are stored hub-clustered (pagerank_gather): the gather
// then mostly hits cache lines of hubs.
#pragma once

#include <cstdint>
#include <vector>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_graph.hpp"

namespace plexus {

enum class pagerank_variant { networkx, graphalytics };

/// Where the gather reads contributions: in vertex order, or packed by decreasing degree so
/// that hubs share cache lines (one 4-byte slot per in-arc and per vertex more memory, built
/// once per run and reported as layout_seconds; where that memory is not available the run
/// gathers in vertex order and says so in pagerank_result::gather). Ranks are identical
/// either way. automatic: vertex order when out-degrees already never increase with the id (a
/// graph relabelled by degree, graph/relabel.hpp, is its own hub layout, and the layout would
/// only shuffle vertices of equal degree class), hub-clustered otherwise.
enum class pagerank_gather { automatic, vertex_order, hub_clustered };

struct pagerank_options {
  double damping = 0.85;
  double tolerance = 1e-6;                // per vertex: stop when the L1 change < n * tolerance (networkx)
  int max_iterations = 100;               // graphalytics: the exact number of iterations
  std::vector<double> personalization{};  // empty, or one value >= 0 per vertex, positive sum
  pagerank_variant variant = pagerank_variant::networkx;
  pagerank_gather gather = pagerank_gather::automatic;
};

struct pagerank_result {
  host_vector<double> rank;
  int iterations = 0;
  bool converged = false;     // networkx: L1 change fell below n * tolerance; graphalytics: true
  double last_change = 0;     // L1 change of the last iteration
  double seconds = 0;         // iterations only (CUDA events on GPUs): no upload, no download
  double layout_seconds = 0;  // building the hub-clustered gather layout, before the iterations
  pagerank_gather gather = pagerank_gather::vertex_order;  // the layout the run used
  /// Bytes one iteration's gather step moves by the count in bytes_per_iteration() below.
  std::uint64_t bytes_per_iteration = 0;
};

/// Bytes one iteration reads and writes in its neighbour gather: offsets (n + 1) * 8, indices
/// m * 4, one 8-byte contribution gathered per arc, and two 8-byte writes per vertex (the
/// new rank and its contribution).
std::uint64_t pagerank_bytes_per_iteration(vertex_t n, edge_t m);

/// Throws plexus::error(invalid_argument) for a damping outside [0, 1], a negative tolerance
/// or iteration count, a bad personalization vector, or a directed graph without in-edges.
pagerank_result pagerank(const device_graph& graph, const pagerank_options& options = {});

}  // namespace plexus
