// The largest weakly connected component; see largest_component.hpp.
#include "plexus/cli/largest_component.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <numeric>

namespace plexus::cli {

namespace {

using parent_ref = std::atomic_ref<vertex_t>;

/// Joins the trees of u and v. Invariant: a root only ever takes a smaller root as parent, so
/// the trees stay acyclic whatever the interleaving; the CAS fails when another thread moved
/// the root first, and the loop retries from the new roots (Afforest's Link).
void link(std::vector<vertex_t>& parent, vertex_t u, vertex_t v) {
  vertex_t p1 = parent_ref(parent[u]).load(std::memory_order_relaxed);
  vertex_t p2 = parent_ref(parent[v]).load(std::memory_order_relaxed);
  while (p1 != p2) {
    const vertex_t high = std::max(p1, p2), low = std::min(p1, p2);
    vertex_t high_parent = parent_ref(parent[high]).load(std::memory_order_relaxed);
    if (high_parent == low) break;
    if (high_parent == high && parent_ref(parent[high]).compare_exchange_strong(high_parent, low)) break;
    p1 = parent_ref(parent[parent_ref(parent[high]).load()]).load();
    p2 = parent_ref(parent[low]).load();
  }
}

/// Links every pair `for_each_pair` names (in parallel over `items`), flattens the trees and
/// picks the largest component holding a vertex v with `can_start(v)`.
template <class Graph, class ForEachPair, class CanStart>
largest_component largest(const Graph& graph, std::int64_t items, ForEachPair&& for_each_pair,
                          CanStart&& can_start) {
  const vertex_t n = graph.num_vertices();
  std::vector<vertex_t> parent(n);
  std::iota(parent.begin(), parent.end(), vertex_t{0});
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t i = 0; i < items; ++i)
    for_each_pair(i, [&](vertex_t u, vertex_t v) { link(parent, u, v); });
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < static_cast<std::int64_t>(n); ++v) {
    vertex_t root = parent_ref(parent[v]).load(std::memory_order_relaxed);
    while (root != parent_ref(parent[root]).load(std::memory_order_relaxed))
      root = parent_ref(parent[root]).load(std::memory_order_relaxed);
    parent_ref(parent[v]).store(root, std::memory_order_relaxed);
  }
  std::vector<std::uint64_t> size(n, 0), smallest_id(n, std::numeric_limits<std::uint64_t>::max());
  std::vector<char> startable(n, 0);
  for (vertex_t v = 0; v < n; ++v) {
    ++size[parent[v]];
    smallest_id[parent[v]] = std::min(smallest_id[parent[v]], graph.original_id(v));
    if (can_start(v)) startable[parent[v]] = 1;
  }
  // A component where no traversal can start (an isolated vertex) is never chosen, however
  // large: every component is one vertex when the only arcs are self-loops.
  largest_component result;
  result.member.resize(n);
  constexpr vertex_t none = std::numeric_limits<vertex_t>::max();
  vertex_t best = none;
  for (vertex_t root = 0; root < n; ++root) {
    if (!startable[root]) continue;
    if (best == none || size[root] > size[best] ||
        (size[root] == size[best] && smallest_id[root] < smallest_id[best]))
      best = root;
  }
  if (best == none) return result;
  for (vertex_t v = 0; v < n; ++v) result.member[v] = parent[v] == best;
  result.size = size[best];
  return result;
}

}  // namespace

largest_component find_largest_component(const csr_graph& graph) {
  return largest(
      graph, graph.num_vertices(),
      [&](std::int64_t u, auto&& join) {
        for (const vertex_t v : graph.neighbors(static_cast<vertex_t>(u))) join(static_cast<vertex_t>(u), v);
      },
      [&](vertex_t v) { return graph.degree(v) > 0; });
}

largest_component find_largest_component(const hypergraph& graph) {
  return largest(
      graph, graph.num_hyperedges(),
      [&](std::int64_t h, auto&& join) {
        const auto pins = graph.pins(static_cast<hyperedge_t>(h));
        for (const vertex_t v : pins) join(pins.front(), v);
      },
      [&](vertex_t v) { return graph.vertex_degree(v) > 0; });
}

}  // namespace plexus::cli
