// compute_hypergraph_stats and duplicate_representatives (see hypergraph_stats.hpp).
//
// Duplicate detection: every hyperedge gets a 64-bit hash of its vertex set, hyperedges are
// sorted by (hash, id), and within a run of equal hashes each hyperedge is compared pin by pin
// with the representatives already found in the run. Equal sets always hash equally, so no
// duplicate is missed; a hash collision only costs a comparison. Runs are scanned in id order,
// so the representative is the smallest id whatever the thread count.
#include "plexus/hypergraph/hypergraph_stats.hpp"

#include <algorithm>
#include <numeric>
#include <span>
#include <vector>

#include "plexus/core/random.hpp"
#include "plexus/graph/degree_stats.hpp"

namespace plexus {

namespace {

// Pins of a hyperedge are sorted, so a repeated pin sits next to its first occurrence.
std::uint64_t vertex_set_hash(std::span<const vertex_t> pins) {
  std::uint64_t hash = 0x243f6a8885a308d3ull;
  for (std::size_t i = 0; i < pins.size(); ++i) {
    if (i > 0 && pins[i] == pins[i - 1]) continue;
    hash = hash_pair(hash, pins[i]);
  }
  return hash;
}

bool same_vertex_set(std::span<const vertex_t> a, std::span<const vertex_t> b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] != b[j]) return false;
    const vertex_t v = a[i];
    while (i < a.size() && a[i] == v) ++i;
    while (j < b.size() && b[j] == v) ++j;
  }
  return i == a.size() && j == b.size();
}

}  // namespace

host_vector<hyperedge_t> duplicate_representatives(const hypergraph& graph) {
  const hyperedge_t m = graph.num_hyperedges();
  host_vector<std::uint64_t> hash(m);
#pragma omp parallel for schedule(dynamic, 1024)
  for (hyperedge_t h = 0; h < m; ++h) hash[h] = vertex_set_hash(graph.pins(h));

  std::vector<hyperedge_t> order(m);
  std::iota(order.begin(), order.end(), hyperedge_t{0});
  std::sort(order.begin(), order.end(), [&](hyperedge_t a, hyperedge_t b) {
    return hash[a] != hash[b] ? hash[a] < hash[b] : a < b;
  });

  host_vector<hyperedge_t> representative(m);
  std::vector<hyperedge_t> run_representatives;
  for (std::size_t begin = 0; begin < order.size();) {
    std::size_t end = begin + 1;
    while (end < order.size() && hash[order[end]] == hash[order[begin]]) ++end;
    run_representatives.clear();
    for (std::size_t i = begin; i < end; ++i) {
      const hyperedge_t h = order[i];
      hyperedge_t found = h;
      for (hyperedge_t r : run_representatives) {
        if (same_vertex_set(graph.pins(r), graph.pins(h))) {
          found = r;
          break;
        }
      }
      if (found == h) run_representatives.push_back(h);
      representative[h] = found;
    }
    begin = end;
  }
  return representative;
}

hypergraph_stats compute_hypergraph_stats(const hypergraph& graph) {
  hypergraph_stats stats;
  stats.num_vertices = graph.num_vertices();
  stats.num_hyperedges = graph.num_hyperedges();
  stats.num_pins = graph.num_pins();

  const degree_stats degrees = compute_degree_stats(graph.vertex_to_edges());
  stats.min_vertex_degree = degrees.min;
  stats.max_vertex_degree = degrees.max;
  stats.mean_vertex_degree = degrees.mean;
  stats.isolated_vertices = degrees.isolated;

  const degree_stats sizes = compute_degree_stats(graph.edge_to_vertices());
  stats.min_edge_size = sizes.min;
  stats.max_edge_size = sizes.max;
  stats.mean_edge_size = sizes.mean;
  stats.empty_hyperedges = sizes.isolated;

  stats.vertex_degrees = vertex_degree_histogram(graph);
  stats.edge_sizes = edge_size_histogram(graph);
  for (const histogram_bin& bin : stats.edge_sizes)
    if (bin.value == 1) stats.singleton_hyperedges = static_cast<hyperedge_t>(bin.count);

  const hyperedge_t m = graph.num_hyperedges();
  hyperedge_t repeated = 0;
#pragma omp parallel for reduction(+ : repeated) schedule(dynamic, 1024)
  for (hyperedge_t h = 0; h < m; ++h) {
    const auto pins = graph.pins(h);
    repeated += std::adjacent_find(pins.begin(), pins.end()) != pins.end();
  }
  stats.hyperedges_with_repeated_pin = repeated;

  const host_vector<hyperedge_t> representative = duplicate_representatives(graph);
  hyperedge_t unique = 0;
#pragma omp parallel for reduction(+ : unique) schedule(static)
  for (hyperedge_t h = 0; h < m; ++h) unique += representative[h] == h;
  stats.unique_hyperedges = unique;
  return stats;
}

}  // namespace plexus
