// A deliberately simple serial builder (std::map / std::set) that the parallel builder and
// the transpose are checked against.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "plexus/graph/builder.hpp"

namespace plexus::testing {

struct reference_graph {
  std::vector<std::vector<std::pair<vertex_t, weight_t>>> rows;  // sorted by (neighbour, weight)
  std::vector<std::uint64_t> original_ids;                       // empty for identity
};

inline reference_graph reference_build(const edge_list& edges, const build_options& options) {
  const bool undirected = !edges.directed || options.symmetrize;
  const bool weighted = options.keep_weights && edges.weighted();
  std::map<vertex_t, vertex_t> rename;
  reference_graph g;
  vertex_t n = edges.num_vertices;
  if (options.compact_ids) {
    std::set<vertex_t> seen(edges.src.begin(), edges.src.end());
    seen.insert(edges.dst.begin(), edges.dst.end());
    for (vertex_t v : seen) {
      rename[v] = static_cast<vertex_t>(g.original_ids.size());
      g.original_ids.push_back(edges.original_ids.empty() ? v : edges.original_ids[v]);
    }
    n = static_cast<vertex_t>(seen.size());
  } else {
    g.original_ids.assign(edges.original_ids.begin(), edges.original_ids.end());
  }
  auto id = [&](vertex_t v) { return options.compact_ids ? rename.at(v) : v; };
  std::vector<std::multiset<std::pair<vertex_t, weight_t>>> arcs(n);
  for (std::size_t e = 0; e < edges.src.size(); ++e) {
    const vertex_t u = id(edges.src[e]), v = id(edges.dst[e]);
    const weight_t w = weighted ? edges.weights[e] : weight_t(0);
    if (u == v && !options.keep_self_loops) continue;
    arcs[u].insert({v, w});
    if (undirected && u != v) arcs[v].insert({u, w});
  }
  g.rows.resize(n);
  for (vertex_t u = 0; u < n; ++u) {
    for (const auto& [v, w] : arcs[u]) {
      // The multiset is ordered by (neighbour, weight): the first arc to a neighbour has the
      // minimum weight.
      if (!options.keep_parallel_edges && !g.rows[u].empty() && g.rows[u].back().first == v) continue;
      g.rows[u].push_back({v, w});
    }
  }
  return g;
}

/// The rows of a CSR as (neighbour, weight) lists, weight 0 when unweighted.
inline std::vector<std::vector<std::pair<vertex_t, weight_t>>> rows_of(const csr_arrays& a) {
  std::vector<std::vector<std::pair<vertex_t, weight_t>>> rows(a.num_vertices());
  for (vertex_t u = 0; u < a.num_vertices(); ++u)
    for (edge_t e = a.offsets[u]; e < a.offsets[u + 1]; ++e)
      rows[u].push_back({a.indices[e], a.weights.empty() ? weight_t(0) : a.weights[e]});
  return rows;
}

/// Brute-force reverse: every arc (u, v, w) becomes (v, u, w), rows sorted by (u, w).
inline std::vector<std::vector<std::pair<vertex_t, weight_t>>> reference_transpose(const csr_arrays& a) {
  std::vector<std::vector<std::pair<vertex_t, weight_t>>> rows(a.num_vertices());
  for (vertex_t u = 0; u < a.num_vertices(); ++u)
    for (edge_t e = a.offsets[u]; e < a.offsets[u + 1]; ++e)
      rows[a.indices[e]].push_back({u, a.weights.empty() ? weight_t(0) : a.weights[e]});
  for (auto& row : rows) std::sort(row.begin(), row.end());
  return rows;
}

}  // namespace plexus::testing
