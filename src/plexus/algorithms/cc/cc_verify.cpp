// Union-find connected components with smallest-id labels; see
// cc_verify.hpp.
#include "plexus/algorithms/cc/cc_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <unordered_map>

#include "plexus/graph/input_id.hpp"
#include "plexus/graph/input_order.hpp"

namespace plexus::verify {

namespace {

// Root of v's set, halving the path on the way (Tarjan and van Leeuwen, J. ACM 31(2), 1984).
vertex_t find_root(std::vector<vertex_t>& parent, vertex_t v) {
  while (parent[v] != v) {
    parent[v] = parent[parent[v]];
    v = parent[v];
  }
  return v;
}

}  // namespace

host_vector<vertex_t> reference_components(const csr_graph& graph) {
  const vertex_t n = graph.num_vertices();
  std::vector<vertex_t> parent(n);
  for (vertex_t v = 0; v < n; ++v) parent[v] = v;
  for (vertex_t u = 0; u < n; ++u) {
    for (vertex_t v : graph.neighbors(u)) {
      const vertex_t ru = find_root(parent, u), rv = find_root(parent, v);
      // Linking the larger root under the smaller keeps every root the smallest id of its
      // set, which makes the root itself the canonical label.
      if (ru < rv) parent[rv] = ru;
      else if (rv < ru) parent[ru] = rv;
    }
  }
  host_vector<vertex_t> label(n);
  for (vertex_t v = 0; v < n; ++v) label[v] = find_root(parent, v);
  label_by_smallest_original_id(graph.original_ids(), label);
  return label;
}

std::uint64_t component_count(std::span<const vertex_t> labels) {
  std::unordered_map<vertex_t, std::uint64_t> size;
  for (vertex_t l : labels) ++size[l];
  return size.size();
}

std::vector<std::uint64_t> component_sizes(std::span<const vertex_t> labels) {
  std::unordered_map<vertex_t, std::uint64_t> size;
  for (vertex_t l : labels) ++size[l];
  std::vector<std::uint64_t> sizes;
  sizes.reserve(size.size());
  for (const auto& [label, count] : size) sizes.push_back(count);
  std::sort(sizes.begin(), sizes.end(), std::greater<>());
  return sizes;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> component_size_histogram(std::span<const vertex_t> labels) {
  std::map<std::uint64_t, std::uint64_t> histogram;
  for (std::uint64_t s : component_sizes(labels)) ++histogram[s];
  return {histogram.begin(), histogram.end()};
}

verdict compare_components(const csr_graph& graph, std::span<const vertex_t> labels) {
  const vertex_t n = graph.num_vertices();
  if (labels.size() != n)
    return fail(fmt::format("labels has {} entries but the graph has {} vertices", labels.size(), n));
  const host_vector<vertex_t> reference = reference_components(graph);
  const auto id = [&](vertex_t v) { return input_id(graph, v); };
  // The partitions are equal iff reference label -> label is a bijection between the labels
  // that occur: a function (each component gets one label) that is injective (no two
  // components share a label).
  std::unordered_map<vertex_t, vertex_t> label_of_component;
  std::unordered_map<vertex_t, vertex_t> component_of_label;
  for (vertex_t v = 0; v < n; ++v) {
    const auto [it, fresh] = label_of_component.emplace(reference[v], labels[v]);
    if (!fresh && it->second != labels[v])
      return fail(fmt::format("vertex {}: label {} but vertex {} of the same component has label {}", id(v),
                              id(labels[v]), id(reference[v]), id(it->second)));
    const auto [jt, fresh_label] = component_of_label.emplace(labels[v], reference[v]);
    if (!fresh_label && jt->second != reference[v])
      return fail(
          fmt::format("vertex {}: label {} is also the label of vertex {}, which is in another component",
                      id(v), id(labels[v]), id(jt->second)));
  }
  return pass();
}

verdict compare_component_labels(const csr_graph& graph, std::span<const vertex_t> labels) {
  verdict partition = compare_components(graph, labels);
  if (!partition.ok) return partition;
  const host_vector<vertex_t> reference = reference_components(graph);
  for (vertex_t v = 0; v < graph.num_vertices(); ++v)
    if (labels[v] != reference[v])
      return fail(fmt::format("vertex {}: labelled {}, but the member of smallest id in its component is {}",
                              graph.original_id(v), input_id(graph, labels[v]),
                              graph.original_id(reference[v])));
  return pass();
}

}  // namespace plexus::verify
