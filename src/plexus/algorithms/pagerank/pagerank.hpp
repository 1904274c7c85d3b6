// PageRank by pull-based power iteration, NetworkX and LDBC Graphalytics variants.
//
// Output: rank[v], one double per vertex. Input: a graph with in-edges (undirected graphs,
// or directed graphs built with the reverse CSR). Unweighted (the default), each stored arc
// has weight 1: a kept self-loop counts in its vertex's out-degree and sends that share of its
// rank back to the vertex itself, as in NetworkX, and undirected edges count in both
// directions. Weighted (options.weighted, NetworkX's pagerank(G, weight="weight")), arc u->v
// carries w(u, v) / W(u) of u's rank, W(u) the sum of u's out-weights (a self-loop's weight
// included); a vertex with W(u) = 0 is a sink. Weights must be finite and non-negative.
//
// References:
//   [1] L. Page, S. Brin, R. Motwani, T. Winograd, "The PageRank citation ranking: bringing
//       order to the web", Stanford InfoLab TR 1999-66.
//   [2] NetworkX 3.x networkx/algorithms/link_analysis/pagerank_alg.py.
//   [3] A. Iosup et al., "The LDBC Graphalytics Benchmark", v1.0 specification, PageRank.
//   [4] E. Kreyszig, "Introductory Functional Analysis with Applications", Wiley 1978,
//       section 5.1: the a posteriori error estimate of Banach's fixed-point theorem.
//
// pagerank_variant::networkx follows [2]: x_0 = 1/n, then
//   x'[v] = d * (sum over arcs u->v of x[u] * P(u, v) + p[v] * sum over sinks s of x[s]) + (1 - d) * p[v]
// with P(u, v) = 1 / outdeg(u) (weighted: w(u, v) / W(u)) and p the personalization vector
// normalized to sum 1 (uniform when empty), so the rank mass of dangling vertices is
// redistributed by p. The result is normalized to sum 1. When to stop (pagerank_stop):
//   error_bound (default)  when d / (1 - d) * ||x' - x||_1 <= tolerance. The step is
//       x' = d M x + (1 - d) p with M column-stochastic, and ||M y||_1 <= ||y||_1, so it
//       contracts the L1 distance by d, and [4] bounds the distance of the new iterate to the
//       fixed point x*: ||x' - x*||_1 <= d / (1 - d) * ||x' - x||_1. A converged result is
//       therefore within `tolerance` of x* in the L1 norm of the whole vector (before the
//       final normalization, which rescales by a factor within rounding of 1). With d = 1
//       the bound is infinite: only an exact fixed point (no change) stops the run.
//   networkx  NetworkX's own test, sum |x' - x| < n * tolerance (a tolerance per vertex).
//       Since the first change is at most 2, it stops after one iteration whenever
//       n > 2 / tolerance, however far from the fixed point: kept for comparison with
//       NetworkX, never the default. An iteration that changes nothing stops it too (with
//       tolerance 0 NetworkX's strict test would go on to max_iterations, each iteration
//       returning the same ranks).
// Either way a run that has not stopped after max_iterations ends with converged = false
// (where NetworkX raises). So does, before the limit, a run whose iterates go round a cycle
// (in doubles where rounding keeps the change at a few ulps above a tolerance it cannot meet,
// such as 0; with damping 1 on a periodic graph, exactly): every later iteration would go round
// it again, so the run ends on the iterate max_iterations would end on, and iterations counts
// those run (pagerank_rules.hpp, pagerank_limit).
// pagerank_variant::graphalytics follows [3]: exactly max_iterations steps with uniform p and
// no normalization (verify::reference_pagerank_graphalytics); unweighted only.
//
// Approach: the transition factor of each vertex, 1/outdeg(u) (weighted: 1/W(u)), is computed
// once. Each iteration gathers, for every vertex, the contributions x[u] * factor(u) of its
// in-neighbours (weighted: times the in-arc's weight; one read of the in-CSR; a warp per
// vertex on GPUs), writes x' and, for the next iteration, x' * factor; one reduction then
// yields the L1 change and the dangling mass of x'. Weighting is a policy type of the loop
// (pagerank_weighting.hpp), so the unweighted gather reads no weights and keeps its kernels.
// The Graphalytics variant on an undirected graph needs no L1 change before its last step,
// and there a sink has no in-arcs, so the sinks' mass follows in closed form and that
// reduction is skipped, and the ranks are written only in the last two steps, which leaves
// the GPU's L2 cache to the gathered contributions. The gather asks GPUs for the most L1
// cache they can give it (exec::cache_split::prefer_l1), and with the hub-clustered layout it
// reads the contributions past the hottest 32768 slots around L1 (exec::gather_hot_first in
// exec/loads.hpp); each measured faster. In degree order the same build was faster too, but
// as a gain of the code generator's, not of what is read.
// See docs/performance/pagerank.md: "Sinks in closed form and late rank writes",
// "L1 preference for the gather" and "Hot-first gather in the hub-clustered layout".
// No atomics, so the only difference between back ends is the order of floating-point
// additions within each vertex's gather. The sums over all vertices (the L1 change, the
// dangling mass, the final normalisation) are exact (exec/fixed_point_sum.hpp), so they do not
// depend on the thread count, and a distributed run (pagerank_dist.hpp) gives the same ranks
// bit for bit. By default contributions are stored hub-clustered (pagerank_gather): the gather
// then mostly hits cache lines of hubs.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "plexus/backends/backend.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/device/memory_need.hpp"

namespace plexus {

enum class pagerank_variant { networkx, graphalytics };

/// When the networkx variant stops (see above): error_bound, when the L1 distance to the
/// fixed point is provably within the tolerance; networkx, NetworkX's per-vertex change test.
enum class pagerank_stop { error_bound, networkx };

/// The stopping tests' names, as the command line's --stop and Python's stop= take them.
inline constexpr std::string_view kPagerankStopNames = "error-bound or networkx";
/// The stopping test named `name` ("error-bound", "networkx"), if any.
std::optional<pagerank_stop> pagerank_stop_named(std::string_view name);

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
  /// error_bound: the L1 distance to the fixed point to reach; networkx stop: per vertex
  /// (stop when the L1 change < n * tolerance).
  double tolerance = 1e-6;
  int max_iterations = 100;               // graphalytics: the exact number of iterations
  std::vector<double> personalization{};  // empty, or one value >= 0 per vertex, positive sum
  pagerank_variant variant = pagerank_variant::networkx;
  pagerank_gather gather = pagerank_gather::automatic;
  pagerank_stop stop = pagerank_stop::error_bound;
  /// Transition probabilities w(u, v) / W(u) from the graph's weights (an unweighted graph
  /// weighs every arc 1, as NetworkX does for a missing weight attribute).
  bool weighted = false;
};

struct pagerank_result {
  host_vector<double> rank;
  int iterations = 0;
  bool converged = false;     // networkx: the stopping rule held; graphalytics: true
  double last_change = 0;     // the residual: L1 change of the last iteration, ||x_k - x_{k-1}||_1
  /// d / (1 - d) * last_change: a bound on the L1 distance of the result to the fixed point
  /// (infinite for d = 1 unless the last change is 0; graphalytics: reported, not tested).
  double error_bound = 0;
  double seconds = 0;         // iterations only (CUDA events on GPUs): no upload, no download
  double layout_seconds = 0;  // building the hub-clustered gather layout, before the iterations
  pagerank_gather gather = pagerank_gather::vertex_order;  // the layout the run used
  /// Bytes one iteration's gather step moves by the count in bytes_per_iteration() below.
  std::uint64_t bytes_per_iteration = 0;
};

/// Bytes one iteration reads and writes in its neighbour gather: offsets (n + 1) * 8, indices
/// m * 4, one 8-byte contribution gathered per arc (and its 4-byte weight when weighted), and
/// two 8-byte writes per vertex (the new rank and its contribution).
std::uint64_t pagerank_bytes_per_iteration(vertex_t n, edge_t m, bool weighted = false);

/// The checks of pagerank() below that need no graph (a distributed run makes them too).
void check_pagerank_options(const pagerank_options& options);
/// The checks of pagerank() below, without the run (the out-of-core run makes them too).
void check_pagerank_request(const device_graph& graph, const pagerank_options& options);

/// Throws plexus::error(invalid_argument) for a damping outside [0, 1], a negative tolerance
/// or iteration count, a bad personalization vector, a directed graph without in-edges, or
/// weights asked of the graphalytics variant; plexus::error(unsupported) for a weighted run
/// on a graph with a negative, infinite or NaN weight.
pagerank_result pagerank(const device_graph& graph, const pagerank_options& options = {});

/// The memory a run with `options` holds on `where` besides the graph (as bfs_working_bytes):
/// ranks, next ranks, out-degree reciprocals and contributions per vertex; the hub-clustered
/// gather adds its own order of the in-arcs, and weighting a share per arc.
std::uint64_t pagerank_working_bytes(const input_shape& shape, backend where, const pagerank_options& options);

}  // namespace plexus
