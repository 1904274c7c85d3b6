// Serial hypergraph label propagation; see hyper_lp_verify.hpp.
//
// The most frequent label of a list is found by sorting a copy and scanning runs: slow next to
// a hash-map count, but obviously right, which is what a reference is for.
#include "plexus/algorithms/hyper_lp/hyper_lp_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/graph/input_id.hpp"
#include "plexus/graph/input_order.hpp"

namespace plexus::verify {

namespace {

// Most frequent value of `values` (sorted here), the smallest among equally frequent ones;
// invalid_vertex for an empty list.
vertex_t mode_smallest(std::vector<vertex_t>& values) {
  std::sort(values.begin(), values.end());
  vertex_t best = invalid_vertex;
  std::size_t best_count = 0;
  for (std::size_t i = 0; i < values.size();) {
    std::size_t j = i + 1;
    while (j < values.size() && values[j] == values[i]) ++j;
    if (j - i > best_count) {  // strictly greater: the earlier, smaller label wins ties
      best_count = j - i;
      best = values[i];
    }
    i = j;
  }
  return best;
}

}  // namespace

host_vector<vertex_t> random_initial_labels(vertex_t n, std::uint64_t seed) {
  host_vector<vertex_t> labels(n);
  for (vertex_t v = 0; v < n; ++v) labels[v] = random_initial_label(seed, v, n);
  return labels;
}

hyper_label_propagation_result reference_hyper_label_propagation(const hypergraph& graph,
                                                                 const hyper_label_propagation_options& options) {
  const vertex_t n = graph.num_vertices();
  const hyperedge_t m = graph.num_hyperedges();
  // Labels are held as ranks in the input's order, random ones drawn by original id: the
  // result does not depend on how the vertices are numbered.
  const input_order order(graph);
  hyper_label_propagation_result r;
  if (options.initial_labels.empty()) {
    r.vertex_labels.resize(n);
    for (vertex_t v = 0; v < n; ++v)
      r.vertex_labels[v] = random_initial_label(options.seed, graph.original_id(v), n);
  } else {
    if (options.initial_labels.size() != n)
      throw error(error_kind::invalid_argument,
                  fmt::format("{} initial labels given for {} vertices", options.initial_labels.size(), n));
    for (vertex_t v = 0; v < n; ++v)
      if (options.initial_labels[v] >= n)
        throw error(error_kind::invalid_argument,
                    fmt::format("initial label {} of vertex {} is not below the vertex count {}",
                                options.initial_labels[v], graph.original_id(v), n));
    r.vertex_labels.resize(n);
    for (vertex_t v = 0; v < n; ++v) r.vertex_labels[v] = order.rank(options.initial_labels[v]);
  }
  r.hyperedge_labels.assign(m, invalid_vertex);

  std::vector<vertex_t> votes;
  while (n > 0 && r.iterations < options.max_iterations) {
    ++r.iterations;
    for (hyperedge_t h = 0; h < m; ++h) {
      const auto pins = graph.pins(h);
      votes.clear();
      for (std::size_t i = 0; i < pins.size(); ++i)
        if (i == 0 || pins[i] != pins[i - 1]) votes.push_back(r.vertex_labels[pins[i]]);
      r.hyperedge_labels[h] = mode_smallest(votes);
    }
    vertex_t changed = 0;
    for (vertex_t v = 0; v < n; ++v) {
      const auto edges = graph.edges_of(v);
      if (edges.empty()) continue;
      votes.clear();
      for (std::size_t i = 0; i < edges.size(); ++i)
        if (i == 0 || edges[i] != edges[i - 1]) votes.push_back(r.hyperedge_labels[edges[i]]);
      const vertex_t label = mode_smallest(votes);
      changed += label != r.vertex_labels[v];
      r.vertex_labels[v] = label;
    }
    r.changed_last = changed;
    if (changed == 0 || static_cast<double>(changed) / n < options.tolerance) break;
  }

  order.ranks_to_vertices(r.vertex_labels);
  order.ranks_to_vertices(r.hyperedge_labels);
  std::vector<vertex_t> distinct(r.vertex_labels.begin(), r.vertex_labels.end());
  std::sort(distinct.begin(), distinct.end());
  r.num_communities = static_cast<vertex_t>(std::unique(distinct.begin(), distinct.end()) - distinct.begin());
  return r;
}

verdict hyper_label_propagation(const hypergraph& graph, const hyper_label_propagation_options& options,
                                std::span<const vertex_t> vertex_labels, std::span<const vertex_t> hyperedge_labels,
                                std::uint32_t iterations) {
  if (vertex_labels.size() != graph.num_vertices())
    return fail(fmt::format("{} vertex labels but the hypergraph has {} vertices", vertex_labels.size(),
                            graph.num_vertices()));
  if (hyperedge_labels.size() != graph.num_hyperedges())
    return fail(fmt::format("{} hyperedge labels but the hypergraph has {} hyperedges", hyperedge_labels.size(),
                            graph.num_hyperedges()));
  const hyper_label_propagation_result expected = reference_hyper_label_propagation(graph, options);
  if (iterations != expected.iterations)
    return fail(fmt::format("{} iterations but the reference runs {}", iterations, expected.iterations));
  const auto id = [&](vertex_t v) { return input_id(graph, v); };
  for (vertex_t v = 0; v < graph.num_vertices(); ++v)
    if (vertex_labels[v] != expected.vertex_labels[v])
      return fail(fmt::format("vertex {}: label {} but the reference gives {}", id(v), id(vertex_labels[v]),
                              id(expected.vertex_labels[v])));
  for (hyperedge_t h = 0; h < graph.num_hyperedges(); ++h)
    if (hyperedge_labels[h] != expected.hyperedge_labels[h])
      return fail(fmt::format("hyperedge {}: label {} but the reference gives {}", h, id(hyperedge_labels[h]),
                              id(expected.hyperedge_labels[h])));
  return pass();
}

}  // namespace plexus::verify
