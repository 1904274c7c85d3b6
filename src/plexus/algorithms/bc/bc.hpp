// Betweenness centrality on hop (unweighted) shortest paths, exact or from a set of sources.
//
// Output: score[v] for every vertex, scaled exactly as NetworkX's betweenness_centrality
// (and verify::reference_betweenness) scales it: normalized or not, with or without
// endpoints, the sampled-source correction included; or, with raw_dependencies, the unscaled
// sum over the sources s of Brandes' dependency delta_s(v), v != s, which is the "batch BC"
// LAGraph and GAP report. Input: any graph; arcs are followed in their stored direction
// (undirected graphs store both). Repeated neighbours are refused (they would count twice).
//
// Sources: an explicit list (one source gives single-source dependencies), k distinct
// sources drawn with a seed (the same on every back end and thread count, and the same
// vertices in every vertex order: the draw picks ranks in original-id order,
// graph/input_order.hpp), or every vertex (exact betweenness), in original-id order.
//
// Approach (U. Brandes, "A faster algorithm for betweenness centrality", J. Math. Sociol.
// 25(2), 2001; endpoint variant and sampling: U. Brandes, Social Networks 30(2), 2008):
// level-synchronous, as in the GPU formulations of Jia et al. (GTC 2011) and McLaughlin and
// Bader (SC 2014). Forward: a level-by-level BFS counts shortest paths, sigma[w] += sigma[v]
// over arcs v->w with dist[w] = dist[v] + 1; vertices are appended to one BFS order array,
// level after level. Backward: levels in reverse order, each vertex v gathers
// delta[v] = sum over successors w of sigma[v] / sigma[w] * (1 + delta[w]) (successor form,
// one writer per entry, no atomics). Several sources run as one batch (a source index times
// n plus the vertex names an entry), which fills a GPU; sigma and delta are doubles. Scores
// are summed per vertex across the batch in a fixed order. A batch of one source runs over
// Plexus's load-balanced advance instead (bc_single.hpp): each level a frontier spread by arcs,
// so a hub's list does not hold one lane, and the dependencies are pushed back with atomic adds
// (their order, and so the last bits of a score, may differ between runs).
#pragma once

#include <cstdint>
#include <vector>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_graph.hpp"

namespace plexus {

struct betweenness_options {
  std::vector<vertex_t> sources;  // explicit sources; empty: `samples` sources, or all vertices
  vertex_t samples = 0;           // when no sources are listed: draw this many distinct sources
  std::uint64_t seed = 1;         // for the draw
  bool normalized = true;         // NetworkX normalized=
  bool endpoints = false;         // NetworkX endpoints=: paths also count for their two ends
  bool raw_dependencies = false;  // unscaled dependency sums (LAGraph batch BC); ignores normalized
  vertex_t batch_size = 0;        // sources per batch; 0 picks one from the graph size and back end;
                                  // 1 runs each source over the load-balanced advance
};

struct betweenness_result {
  host_vector<double> score;
  std::vector<vertex_t> sources;  // the sources used (empty for exact betweenness)
  int batches = 0;
  double seconds = 0;             // traversals and accumulation, no upload or download
};

/// Throws plexus::error(invalid_argument) for a source out of range or listed twice, or a
/// graph with repeated neighbours.
betweenness_result betweenness(const device_graph& graph, const betweenness_options& options = {});

/// Bytes betweenness allocates on `where` for a graph of `vertices` vertices and `sources`
/// sources traversed `batch` at a time (betweenness_options::batch_size: 0 for the automatic
/// size): the memory estimate of `plexus run bc`. A batch holds its state for every (source,
/// vertex) pair, so a batch of many sources on a large graph needs more than any device has.
std::uint64_t betweenness_working_bytes(std::uint64_t vertices, std::uint64_t sources, backend where,
                                        vertex_t batch = 0);

/// The `count` distinct ranks that betweenness draws with `seed` (partial Fisher-Yates over
/// counter_rng(seed, 0)); all ranks in increasing order when count >= num_vertices. A rank r
/// is the vertex of the r-th smallest original id (input_order::vertex), which is r itself
/// in the input's order.
std::vector<vertex_t> betweenness_sample(vertex_t num_vertices, vertex_t count, std::uint64_t seed);

}  // namespace plexus
