// Vertex relabelling (see graph/relabel.hpp).
//
// The permutation comes from a counting sort of the vertices by degree (stable, so ties keep
// their order and the result is the same on any thread count). Each new row is the old row
// with its ids mapped and sorted again; rows are independent, so they are built in parallel
// with a dynamic schedule that keeps hub rows from stalling one thread.
#include "plexus/graph/relabel.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "plexus/core/error.hpp"

namespace plexus {

std::string_view to_string(vertex_order order) {
  switch (order) {
    case vertex_order::input:
      return "input";
    case vertex_order::degree:
      return "degree";
  }
  return "unknown";
}

vertex_order parse_vertex_order(std::string_view name) {
  for (vertex_order order : {vertex_order::input, vertex_order::degree})
    if (name == to_string(order)) return order;
  throw error(error_kind::invalid_argument,
              "unknown vertex order '" + std::string(name) + "': valid choices are input, degree");
}

namespace {

edge_t total_degree(const csr_graph& graph, vertex_t v) {
  edge_t d = graph.degree(v);
  if (graph.directed() && graph.has_in_edges()) d += graph.in().offsets[v + 1] - graph.in().offsets[v];
  return d;
}

/// `arrays` with row p(v) holding row v's entries mapped through p, each row sorted by (id,
/// weight).
csr_arrays permute_rows(const csr_arrays& arrays, const host_vector<vertex_t>& new_id) {
  const vertex_t n = arrays.num_vertices();
  const bool weighted = !arrays.weights.empty();
  host_vector<vertex_t> old_id(n);
#pragma omp parallel for schedule(static)
  for (vertex_t v = 0; v < n; ++v) old_id[new_id[v]] = v;

  csr_arrays result;
  result.offsets.resize(std::size_t{n} + 1);
  result.offsets[0] = 0;
  for (vertex_t p = 0; p < n; ++p) {
    const vertex_t v = old_id[p];
    result.offsets[p + 1] = result.offsets[p] + (arrays.offsets[v + 1] - arrays.offsets[v]);
  }
  result.indices.resize(arrays.num_edges());
  if (weighted) result.weights.resize(arrays.num_edges());

#pragma omp parallel
  {
    std::vector<std::pair<vertex_t, weight_t>> row;
#pragma omp for schedule(dynamic, 256)
    for (vertex_t p = 0; p < n; ++p) {
      const vertex_t v = old_id[p];
      const edge_t from = arrays.offsets[v], to = arrays.offsets[v + 1], at = result.offsets[p];
      if (!weighted) {
        vertex_t* out = result.indices.data() + at;
        for (edge_t e = from; e < to; ++e) out[e - from] = new_id[arrays.indices[e]];
        std::sort(out, out + (to - from));
        continue;
      }
      row.clear();
      for (edge_t e = from; e < to; ++e) row.emplace_back(new_id[arrays.indices[e]], arrays.weights[e]);
      std::sort(row.begin(), row.end());
      for (std::size_t k = 0; k < row.size(); ++k) {
        result.indices[at + k] = row[k].first;
        result.weights[at + k] = row[k].second;
      }
    }
  }
  return result;
}

}  // namespace

host_vector<vertex_t> vertex_permutation(const csr_graph& graph, vertex_order order) {
  const vertex_t n = graph.num_vertices();
  host_vector<vertex_t> new_id(n);
  if (order == vertex_order::input) {
    std::iota(new_id.begin(), new_id.end(), vertex_t{0});
    return new_id;
  }
  host_vector<edge_t> degree(n);
  edge_t max_degree = 0;
#pragma omp parallel for schedule(static) reduction(max : max_degree)
  for (vertex_t v = 0; v < n; ++v) {
    degree[v] = total_degree(graph, v);
    max_degree = std::max(max_degree, degree[v]);
  }
  // Counting sort by decreasing degree: bucket k holds degree max_degree - k.
  std::vector<vertex_t> first(static_cast<std::size_t>(max_degree) + 2, 0);
  for (vertex_t v = 0; v < n; ++v) ++first[max_degree - degree[v] + 1];
  for (std::size_t k = 1; k < first.size(); ++k) first[k] += first[k - 1];
  for (vertex_t v = 0; v < n; ++v) new_id[v] = first[max_degree - degree[v]]++;
  return new_id;
}

csr_graph relabel(const csr_graph& graph, vertex_order order) {
  const vertex_t n = graph.num_vertices();
  const host_vector<vertex_t> new_id = vertex_permutation(graph, order);
  csr_arrays out = permute_rows(graph.out(), new_id);
  std::optional<csr_arrays> in;
  if (graph.directed() && graph.has_in_edges()) in = permute_rows(graph.in(), new_id);
  host_vector<std::uint64_t> original(n);
#pragma omp parallel for schedule(static)
  for (vertex_t v = 0; v < n; ++v) original[new_id[v]] = graph.original_id(v);
  return csr_graph(std::move(out), graph.directed(), std::move(in), std::move(original));
}

bool degrees_non_increasing(const csr_graph& graph) {
  const vertex_t n = graph.num_vertices();
  bool rising = false;
#pragma omp parallel for schedule(static) reduction(|| : rising)
  for (vertex_t v = 1; v < n; ++v) rising = rising || graph.degree(v) > graph.degree(v - 1);
  return !rising;
}

}  // namespace plexus
