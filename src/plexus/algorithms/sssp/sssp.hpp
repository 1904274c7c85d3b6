// Single-source shortest paths for non-negative edge weights.
//
// Output: distance[v] (+infinity when unreached) and a shortest-path-tree parent
// (invalid_vertex when unreached, parent[source] == source). Unweighted graphs use weight 1
// on every arc. A negative or NaN weight is refused with plexus::error(unsupported), naming the
// edge in the input's ids and its weight; a kept self-loop is an arc like any other and
// never shortens a path.
//
// Approach: near-far, the GPU form of delta-stepping (Meyer & Sanders, "Delta-stepping: a
// parallelizable shortest path algorithm", J. Algorithms 2003; Davidson, Baxter, Garland,
// Owens, "Work-Efficient Parallel GPU Methods for Single-Source Shortest Paths", IPDPS
// 2014). The traversal keeps distances only (sssp_state.hpp); the parents are the canonical
// tree of the distances, built afterwards (sssp_parents.hpp). Vertices whose tentative
// distance is below the current split are relaxed in
// rounds of push advances (the near set); the others wait in the far pile
// (frontier/bucket_pile.hpp), which is drained whenever the near set empties and the split
// moves up by delta: on GPUs one list passed over whole, on the host thread-local bins by
// distance (GAPBS), so that a drain reads only its window's bins. With delta = 0 in the options,
// delta is chosen from the weights: mean weight * max(1, 64 / average degree), so an
// average round relaxes about two warps' worth of edges per vertex. Half that delta was the
// best before pull rounds skipped settled vertices; since, twice it is faster on Kronecker
// graphs (GPUs in input order, the host) and on a road network (the host), and level
// elsewhere (docs/performance/sssp.md, "Delta").
//
// Heavy rounds pull: when the near set's out-arcs exceed a fraction of all arcs (on
// Kronecker graphs, the one or two rounds that reach the hubs relax most of the graph), every
// vertex instead takes the minimum of dist[u] + w over its in-arcs from near-set members u
// (a segmented min-reduction over the in-CSR, hub lists split over blocks) and lowers its own
// state, with no contended compare-and-swaps. A vertex already at or below the near set's
// smallest distance plus the smallest weight cannot be lowered by the round, so its in-arcs
// are skipped (segmented_reduce_if). Near-set members are told by a flag in their state word
// on GPUs (the pull reads that word anyway) and by a bitmap on the host and on degree-ordered
// graphs, where the bitmap's probes stay in cache. The pull's fixed cost is otherwise one pass over all
// arcs, so it pays only above that fraction; the same rounds, in the same order, give the
// same distances either way. Pull needs in-arcs: undirected graphs, or directed ones whose
// reverse CSR is on the device.
#pragma once

#include <functional>
#include <optional>
#include <span>

#include "plexus/backends/backend.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/device/memory_need.hpp"
#include "plexus/operators/direction_mode.hpp"
#include "plexus/operators/load_balance.hpp"

namespace plexus {

struct sssp_options {
  weight_t delta = 0;  // 0: chosen from the weight distribution
  load_balance balance = load_balance::automatic;
  /// automatic: pull the rounds whose near set has more than pull_fraction of the arcs;
  /// unset: default_sssp_pull_fraction of the back end.
  direction_mode direction = direction_mode::automatic;
  std::optional<double> pull_fraction{};
  /// Fill sssp_result::parent (after the timed traversal, on the host).
  bool parents = true;
};

/// The pull threshold of a back end: 0.3 on GPUs, where a pushed hub list costs contended
/// compare-and-swaps (the best of a sweep from 0.1 to 0.5 on Kronecker graphs); 0.5 on the
/// host, where a push relaxes only the near set's arcs while a pull still reads every arc
/// (lower and higher thresholds were slower there; docs/performance/sssp.md, "Pull fraction").
constexpr double default_sssp_pull_fraction(backend_family family) {
  return family == backend_family::cpu ? 0.5 : 0.3;
}

struct sssp_result {
  host_vector<weight_t> distance;  // +infinity when unreached
  host_vector<vertex_t> parent;    // the canonical tree of sssp_parents.hpp: invalid_vertex when
                                   // unreached, parent[source] == source; empty when not asked for
  int iterations = 0;              // near-set relaxation rounds
  int pull_rounds = 0;             // of which pulled
  double seconds = 0;              // traversal only (CUDA events on GPUs)
};

/// Throws plexus::error(invalid_argument) when source is out of range, delta is negative,
/// infinite or below smallest_sssp_delta, pull_fraction is outside [0, 1], or pull is forced
/// on a directed graph without in-edges on this back end; plexus::error(unsupported) when a
/// weight is negative or NaN.
sssp_result sssp(const device_graph& graph, vertex_t source, const sssp_options& options = {});

/// The memory a run holds on `where` besides the graph (bfs_working_bytes): a distance per
/// vertex, the near and next queues, the frontier bitmaps and the near window's minimum
/// weights; GPUs also keep the push rounds' degree scan.
std::uint64_t sssp_working_bytes(const input_shape& shape, backend where);

/// The largest finite weight and the sum of the finite weights of the arcs in `weights`
/// (infinite weights are never taken by a shortest path).
struct finite_weight_totals {
  double largest = 0;
  double total = 0;
};
finite_weight_totals finite_weight_totals_of(std::span<const weight_t> weights);

/// SSSP keeps distances in 32-bit floats. A tentative distance is a simple path's length plus
/// one more arc, so it is at most n times the largest weight, and at most the total weight of
/// the arcs (of a directed graph) or of the edges plus the largest weight (of an undirected
/// one, whose last arc may return along the path's last edge); when the smaller bound reaches
/// half the float range (about 1.7e38), a path's sum could overflow to +infinity and a
/// reachable vertex would be reported unreached. Throws plexus::error(unsupported) then,
/// naming the bound. (The half leaves room for the rounding of each addition, relative 2^-24,
/// on paths of up to 2^24 ln 2, about 11.6 million, arcs.) `weights` are over the stored arcs.
void require_sssp_sums_fit(finite_weight_totals weights, vertex_t num_vertices, bool directed);

/// How many windows of width delta the weight range may hold (see smallest_sssp_delta).
inline constexpr double kMaxDeltaWindows = 1 << 20;

/// The figures of a graph that its delta is chosen and checked by (the whole graph's in a
/// distributed run): its weight summary, sizes and back end, and how to find its smallest
/// positive weight (a pass over the weights, made only where a floor is needed).
struct sssp_delta_figures {
  weight_summary weights;
  double num_vertices = 0, num_edges = 0;
  backend_family family = backend_family::cpu;
  std::function<double()> smallest_positive_weight;
};
sssp_delta_figures sssp_delta_figures_of(const device_graph& graph);

/// Throws plexus::error(invalid_argument) for a delta that is negative or infinite, or a
/// pull_fraction outside [0, 1].
void check_sssp_options(const sssp_options& options);

/// The delta a run takes: options.delta, refused below smallest_sssp_delta as sssp() says, or
/// default_sssp_delta when it is 0.
weight_t sssp_delta(const sssp_options& options, const sssp_delta_figures& figures);

/// The smallest delta sssp takes: the smaller of the smallest positive weight and the largest
/// weight / kMaxDeltaWindows (0 when no weight is positive). Every vertex waiting in the far
/// pile was reached by one arc from a vertex below the split, so the pile spans at most
/// max weight / delta windows, and the loop drains the nonempty windows one by one, each drain
/// a pass over the pile (GPUs) or, once the span outgrows the host pile's bins, over its
/// overflow: time grows as 1 / delta. Narrowing the windows below the smallest positive weight
/// saves no work either, since no relaxation from a window then lands inside it and each
/// window already settles in one round. A delta below both is refused; any other is taken,
/// and the default never falls below it. (Whatever the delta, the split moves at least to the
/// next float, so windows narrower than the spacing of large distances do not stall the
/// loop: sssp_loop.hpp.)
weight_t smallest_sssp_delta(const sssp_delta_figures& figures);
weight_t smallest_sssp_delta(const device_graph& graph);

/// Average degree from which the host picks narrow windows (see default_sssp_delta).
inline constexpr double kNarrowDeltaDegree = 8;

/// The delta sssp uses when options.delta is 0. GPUs, and the host on graphs of average degree
/// below kNarrowDeltaDegree: mean weight * max(1, 64 / average degree), wide windows that keep
/// the rounds few. The host on denser graphs: max(smallest weight, mean weight / average
/// degree), the window of Meyer and Sanders (about one over the degree for uniform weights),
/// which wastes few relaxations and which the host's far pile drains at the cost of its own
/// bins only: on Kronecker graphs it was faster than the wide window, and than twice its own
/// width on 16 cores and, in input order, on 2. On sparse graphs (road networks, average
/// degree 2) narrow windows multiply the rounds and are slower, so those keep the wide rule
/// (docs/performance/sssp.md, "Delta").
weight_t default_sssp_delta(const sssp_delta_figures& figures);
weight_t default_sssp_delta(const device_graph& graph);

}  // namespace plexus
