// The LCC reference by its definition and the verifier; the checks are listed in
// lcc_verify.hpp.
#include "plexus/algorithms/lcc/lcc_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <vector>

namespace plexus::verify {

namespace {

// Calls f(v, N(v)) for every vertex, N(v) sorted, without v and without repeats.
template <class F>
void each_neighbourhood(const csr_graph& graph, F&& f) {
  const csr_arrays transposed = graph.directed() && !graph.has_in_edges() ? transpose(graph.out()) : csr_arrays{};
  const csr_arrays& in = !graph.directed() ? graph.out() : graph.has_in_edges() ? graph.in() : transposed;
  std::vector<vertex_t> hood;
  for (vertex_t v = 0; v < graph.num_vertices(); ++v) {
    const auto out = graph.neighbors(v);
    const auto first = in.indices.begin() + static_cast<std::ptrdiff_t>(in.offsets[v]);
    const auto last = in.indices.begin() + static_cast<std::ptrdiff_t>(in.offsets[v + 1]);
    hood.clear();
    std::set_union(out.begin(), out.end(), first, last, std::back_inserter(hood));
    hood.erase(std::unique(hood.begin(), hood.end()), hood.end());
    hood.erase(std::remove(hood.begin(), hood.end(), v), hood.end());
    f(v, hood);
  }
}

}  // namespace

host_vector<edge_t> neighbourhood_sizes(const csr_graph& graph) {
  host_vector<edge_t> size(graph.num_vertices());
  each_neighbourhood(graph, [&](vertex_t v, const std::vector<vertex_t>& hood) { size[v] = hood.size(); });
  return size;
}

host_vector<double> reference_lcc(const csr_graph& graph) {
  host_vector<double> lcc(graph.num_vertices());
  each_neighbourhood(graph, [&](vertex_t v, const std::vector<vertex_t>& hood) {
    edge_t links = 0;
    for (vertex_t u : hood)
      for (vertex_t w : graph.neighbors(u))
        if (w != u && std::binary_search(hood.begin(), hood.end(), w)) ++links;
    const double k = static_cast<double>(hood.size());
    lcc[v] = k < 2 ? 0.0 : static_cast<double>(links) / (k * (k - 1));
  });
  return lcc;
}

verdict lcc(const csr_graph& graph, std::span<const double> coefficient) {
  const vertex_t n = graph.num_vertices();
  // 1. shape
  if (coefficient.size() != n)
    return fail(fmt::format("lcc has {} entries but the graph has {} vertices", coefficient.size(), n));
  // 2. range
  const host_vector<edge_t> size = neighbourhood_sizes(graph);
  for (vertex_t v = 0; v < n; ++v) {
    if (!(coefficient[v] >= 0 && coefficient[v] <= 1))
      return fail(fmt::format("vertex {}: lcc {} outside [0, 1]", graph.original_id(v), coefficient[v]));
    if (size[v] < 2 && coefficient[v] != 0)
      return fail(fmt::format("vertex {}: lcc {} with {} neighbours, expected 0", graph.original_id(v),
                              coefficient[v], size[v]));
  }
  // 3. the reference
  const host_vector<double> expected = reference_lcc(graph);
  for (vertex_t v = 0; v < n; ++v)
    if (!(std::fabs(coefficient[v] - expected[v]) <= 1e-14))
      return fail(
          fmt::format("vertex {}: lcc {}, expected {}", graph.original_id(v), coefficient[v], expected[v]));
  return pass();
}

}  // namespace plexus::verify
