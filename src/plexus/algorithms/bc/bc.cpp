// Public betweenness(): source selection (list, seeded sample or all), argument checks,
// dispatch to a back end (the batched Brandes loop is bc_loop.hpp), and NetworkX's rescaling
// of the raw dependency sums.
#include "plexus/algorithms/bc/bc.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <string>

#include "plexus/algorithms/bc/bc_raw.hpp"
#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"
#include "plexus/graph/input_order.hpp"
#include "plexus/graph/simple_lists.hpp"

namespace plexus {

namespace detail {
// The loop of bc_loop.hpp, compiled once per back end from bc_instances.hpp.
template <class Space>
betweenness_raw betweenness_run(const device_graph&, std::span<const vertex_t>, bool, vertex_t);
}  // namespace detail

namespace {

// Entries (source, vertex) held at once: 28 bytes each (distance, sigma, delta, BFS order).
// A GPU needs many sources in flight to fill its threads; the host is busy with one or two.
constexpr std::uint64_t kHostEntries = std::uint64_t(1) << 20;
constexpr std::uint64_t kGpuEntries = std::uint64_t(1) << 26;
constexpr vertex_t kHostMaxBatch = 64;
constexpr vertex_t kGpuMaxBatch = 256;

/// On a GPU, a graph with a list this long runs one source at a time (bc_single.hpp): the
/// batched loop walks each entry's list in one lane, so the hub's lane sets every level's time
/// (Kronecker 20 and 22 on an H100: 16 sources one at a time 8.6× and 5.5× faster than
/// batched). The host runs one source at a time always (1.8-1.9× faster on Kronecker 18 and a
/// road network). docs/performance/bc.md.
constexpr edge_t kGpuHubDegree = 1024;

vertex_t automatic_batch(std::uint64_t vertices, backend where) {
  const bool gpu = family_of(where) == backend_family::simt;
  const std::uint64_t n = std::max<std::uint64_t>(1, vertices);
  const std::uint64_t fit = (gpu ? kGpuEntries : kHostEntries) / n;
  return static_cast<vertex_t>(std::clamp<std::uint64_t>(fit, 1, gpu ? kGpuMaxBatch : kHostMaxBatch));
}

vertex_t automatic_batch(const csr_graph& g, backend where) {
  if (family_of(where) == backend_family::cpu) return 1;
  if (family_of(where) == backend_family::simt) {
    edge_t longest = 0;
    for (vertex_t v = 0; v < g.num_vertices(); ++v) longest = std::max(longest, g.degree(v));
    if (longest >= kGpuHubDegree) return 1;
  }
  return automatic_batch(g.num_vertices(), where);
}

std::vector<vertex_t> checked_sources(const std::vector<vertex_t>& sources, const csr_graph& g) {
  const vertex_t n = g.num_vertices();
  std::vector<bool> seen(n, false);
  for (vertex_t s : sources) {
    if (s >= n)
      throw error(error_kind::invalid_argument, "betweenness source " + std::to_string(s) +
                                                    " out of range: graph has " + std::to_string(n) + " vertices");
    if (seen[s])
      throw error(error_kind::invalid_argument,
                  "betweenness source " + std::to_string(g.original_id(s)) + " listed twice");
    seen[s] = true;
  }
  return sources;
}

// NetworkX 3.6 _rescale, as verify::reference_betweenness documents it.
void rescale(host_vector<double>& score, const csr_graph& g, std::span<const vertex_t> sources, bool normalized,
             bool endpoints) {
  const double n = g.num_vertices();
  const bool sampled = sources.size() != g.num_vertices();
  const double N = endpoints ? n : n - 1;
  if (N < 2) return;
  const double k = sampled ? static_cast<double>(sources.size()) : N;
  const double correction = g.directed() ? 1.0 : 2.0;
  const double scale = normalized ? 1.0 / (k * (N - 1)) : N / (k * correction);
  if (!sampled || endpoints) {
    for (double& x : score) x *= scale;
    return;
  }
  // A sampled source never lies inside its own paths, so only k - 1 sources reach it.
  const double scale_source = k > 1 ? (normalized ? 1.0 / ((k - 1) * (N - 1)) : N / ((k - 1) * correction))
                                    : std::numeric_limits<double>::quiet_NaN();
  std::vector<bool> is_source(g.num_vertices(), false);
  for (vertex_t s : sources) is_source[s] = true;
  for (vertex_t v = 0; v < g.num_vertices(); ++v) score[v] *= is_source[v] ? scale_source : scale;
}

}  // namespace

std::vector<vertex_t> betweenness_sample(vertex_t num_vertices, vertex_t count, std::uint64_t seed) {
  std::vector<vertex_t> ids(num_vertices);
  std::iota(ids.begin(), ids.end(), vertex_t(0));
  if (count >= num_vertices) return ids;
  counter_rng rng(seed, 0);
  for (vertex_t i = 0; i < count; ++i) std::swap(ids[i], ids[i + rng.uniform(num_vertices - i)]);
  ids.resize(count);
  return ids;
}

betweenness_result betweenness(const device_graph& graph, const betweenness_options& options) {
  const csr_graph& g = graph.host_graph();
  const vertex_t n = g.num_vertices();
  detail::require_simple_lists(g, "betweenness");
  betweenness_result result;
  std::vector<vertex_t> list;
  if (!options.sources.empty()) {
    list = checked_sources(options.sources, g);
  } else {
    // Drawn, or listed for exact betweenness, as ranks in the input's order: the same
    // vertices, in the same order (which fixes the order the scores are summed in), whatever
    // the graph's numbering.
    list = betweenness_sample(n, options.samples > 0 ? options.samples : n, options.seed);
    input_order(g).ranks_to_vertices(list);
  }
  const vertex_t batch = options.batch_size > 0 ? options.batch_size : automatic_batch(g, graph.where());

  detail::betweenness_raw raw;
  if (list.empty()) {
    raw.score.assign(n, 0.0);
  } else {
    raw = backends::dispatch(graph.where(), [&]<class Space>() {
      return detail::betweenness_run<Space>(graph, list, options.endpoints, batch);
    });
  }
  result.score = std::move(raw.score);
  result.batches = raw.batches;
  result.seconds = raw.seconds;
  if (!options.raw_dependencies) rescale(result.score, g, list, options.normalized, options.endpoints);
  if (list.size() != n) result.sources = std::move(list);
  return result;
}

std::uint64_t betweenness_working_bytes(std::uint64_t vertices, std::uint64_t sources, backend where,
                                        vertex_t batch) {
  // Per source of a batch and vertex: a distance (4 bytes), path count and dependency (8 + 8)
  // and a place in the level order (8); then a score per vertex. One source at a time (the
  // host's way, and a GPU's on a graph with hubs, which this estimate cannot see): a distance,
  // a path count, a dependency and the gathered coefficients of two levels (4 + 8 + 8 + 16), the
  // stored levels and two frontiers (4 + 4 + 4), the advance's scan (8 + 8), the plans of the
  // segmented sums over out- and in-lists (up to 8 + 8 on GPUs) and the score (8). The larger
  // of the two.
  const std::uint64_t one_at_a_time = 88 * vertices + (std::uint64_t(64) << 10);
  if (batch == 0 && family_of(where) == backend_family::cpu) return one_at_a_time;
  // As the loop does: never more sources in a batch than there are sources.
  const std::uint64_t together = std::min<std::uint64_t>(batch > 0 ? batch : automatic_batch(vertices, where),
                                                         std::max<std::uint64_t>(sources, 1));
  if (together <= 1) return one_at_a_time;
  // In doubles: a batch of every vertex of a large graph overflows 64 bits.
  const double batched = 28.0 * static_cast<double>(together) * static_cast<double>(vertices) +
                         8.0 * static_cast<double>(vertices) + 12.0 * static_cast<double>(together) + 65536.0;
  if (batched >= 0x1p64) return std::numeric_limits<std::uint64_t>::max();
  return std::max(one_at_a_time, static_cast<std::uint64_t>(batched));
}

}  // namespace plexus
