// Serial hypergraph connected components; see hyper_cc_verify.hpp.
#include "plexus/algorithms/hyper_cc/hyper_cc_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "plexus/graph/input_id.hpp"
#include "plexus/graph/input_order.hpp"

namespace plexus::verify {

hyper_components_result reference_hyper_components(const hypergraph& graph) {
  const vertex_t n = graph.num_vertices();
  const hyperedge_t m = graph.num_hyperedges();
  hyper_components_result result;
  result.vertex_labels.assign(n, invalid_vertex);
  result.hyperedge_labels.assign(m, invalid_vertex);
  std::vector<vertex_t> queue;
  queue.reserve(n);
  for (vertex_t root = 0; root < n; ++root) {
    if (result.vertex_labels[root] != invalid_vertex) continue;
    ++result.num_components;
    if (graph.vertex_degree(root) > 0) ++result.num_nontrivial_components;
    result.vertex_labels[root] = root;
    queue.assign(1, root);
    for (std::size_t head = 0; head < queue.size(); ++head) {
      for (hyperedge_t h : graph.edges_of(queue[head])) {
        if (result.hyperedge_labels[h] != invalid_vertex) continue;
        result.hyperedge_labels[h] = root;
        for (vertex_t u : graph.pins(h)) {
          if (result.vertex_labels[u] != invalid_vertex) continue;
          result.vertex_labels[u] = root;
          queue.push_back(u);
        }
      }
    }
  }
  label_by_smallest_original_id(graph, result.vertex_labels, result.hyperedge_labels);
  return result;
}

void label_by_smallest_original_id(const hypergraph& graph, std::span<vertex_t> vertex_labels,
                                   std::span<vertex_t> hyperedge_labels) {
  if (ids_ascending(graph.original_ids())) return;
  plexus::label_by_smallest_original_id(graph.original_ids(), vertex_labels);
  // A hyperedge's label is a vertex of its component, whose new label is the component's.
  for (vertex_t& label : hyperedge_labels)
    if (label != invalid_vertex) label = vertex_labels[label];
}

verdict hyper_components(const hypergraph& graph, std::span<const vertex_t> vertex_labels,
                         std::span<const vertex_t> hyperedge_labels) {
  if (vertex_labels.size() != graph.num_vertices())
    return fail(fmt::format("{} vertex labels but the hypergraph has {} vertices", vertex_labels.size(),
                            graph.num_vertices()));
  if (hyperedge_labels.size() != graph.num_hyperedges())
    return fail(fmt::format("{} hyperedge labels but the hypergraph has {} hyperedges", hyperedge_labels.size(),
                            graph.num_hyperedges()));
  const hyper_components_result expected = reference_hyper_components(graph);
  const auto id = [&](vertex_t v) { return input_id(graph, v); };
  for (vertex_t v = 0; v < graph.num_vertices(); ++v)
    if (vertex_labels[v] != expected.vertex_labels[v])
      return fail(fmt::format("vertex {}: label {} but the smallest vertex of its component is {}", id(v),
                              id(vertex_labels[v]), id(expected.vertex_labels[v])));
  for (hyperedge_t h = 0; h < graph.num_hyperedges(); ++h)
    if (hyperedge_labels[h] != expected.hyperedge_labels[h])
      return fail(fmt::format("hyperedge {}: label {} but expected {}", h, id(hyperedge_labels[h]),
                              id(expected.hyperedge_labels[h])));
  return pass();
}

}  // namespace plexus::verify
