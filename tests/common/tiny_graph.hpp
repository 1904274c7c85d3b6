// Builds tiny csr_graphs straight from an arc list, without the parallel builder, so the
// verifier tests depend on nothing but csr_graph itself.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

#include "plexus/graph/csr_graph.hpp"

namespace plexus::test {

struct arc {
  vertex_t u, v;
  weight_t w = 1;
};

/// Undirected graphs store each listed edge in both directions; `weighted` keeps the weights.
inline csr_graph tiny_graph(vertex_t n, std::vector<arc> arcs, bool directed, bool weighted = false) {
  if (!directed) {
    const std::size_t m = arcs.size();
    for (std::size_t i = 0; i < m; ++i) arcs.push_back({arcs[i].v, arcs[i].u, arcs[i].w});
  }
  std::sort(arcs.begin(), arcs.end(), [](const arc& a, const arc& b) { return std::tie(a.u, a.v) < std::tie(b.u, b.v); });
  csr_arrays out;
  out.offsets.assign(n + 1, 0);
  for (const arc& a : arcs) ++out.offsets[a.u + 1];
  for (vertex_t v = 0; v < n; ++v) out.offsets[v + 1] += out.offsets[v];
  for (const arc& a : arcs) {
    out.indices.push_back(a.v);
    if (weighted) out.weights.push_back(a.w);
  }
  return csr_graph(std::move(out), directed);
}

/// tiny_graph whose vertex i stands for the input's id ids[i], as a reader keeps sparse ids
/// (a SNAP file's 100, 200, 300): what messages must name the vertices by.
inline csr_graph tiny_graph_with_ids(std::vector<std::uint64_t> ids, std::vector<arc> arcs, bool directed,
                                     bool weighted = false) {
  const csr_graph g = tiny_graph(static_cast<vertex_t>(ids.size()), std::move(arcs), directed, weighted);
  return csr_graph(g.out(), directed, std::nullopt, host_vector<std::uint64_t>(ids.begin(), ids.end()));
}

}  // namespace plexus::test
