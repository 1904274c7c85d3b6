// Builds tiny csr_graphs straight from an arc list, without the parallel builder, so the
// verifier tests depend on nothing but csr_graph itself.
#pragma once

#include <algorithm>
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

}  // namespace plexus::test
