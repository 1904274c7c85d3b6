// The input's order of the vertices (see graph/input_order.hpp).
#include "plexus/graph/input_order.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

namespace plexus {

bool ids_ascending(std::span<const std::uint64_t> original_ids) {
  const std::size_t n = original_ids.size();
  bool descent = false;
#pragma omp parallel for schedule(static) reduction(|| : descent)
  for (std::size_t i = 1; i < n; ++i) descent = descent || !(original_ids[i - 1] < original_ids[i]);
  return !descent;
}

input_order::input_order(std::span<const std::uint64_t> original_ids) {
  if (ids_ascending(original_ids)) return;
  const auto n = static_cast<vertex_t>(original_ids.size());
  vertex_.resize(n);
  std::iota(vertex_.begin(), vertex_.end(), vertex_t{0});
  std::sort(vertex_.begin(), vertex_.end(),
            [&](vertex_t a, vertex_t b) { return original_ids[a] < original_ids[b]; });
  rank_.resize(n);
#pragma omp parallel for schedule(static)
  for (vertex_t r = 0; r < n; ++r) rank_[vertex_[r]] = r;
}

void input_order::ranks_to_vertices(std::span<vertex_t> values) const {
  if (identity()) return;
  const std::size_t n = values.size();
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i)
    if (values[i] != invalid_vertex) values[i] = vertex_[values[i]];
}

void label_by_smallest_original_id(std::span<const std::uint64_t> original_ids, std::span<vertex_t> label) {
  if (ids_ascending(original_ids)) return;
  const auto n = static_cast<vertex_t>(label.size());
  std::vector<vertex_t> smallest(n, invalid_vertex);
  for (vertex_t v = 0; v < n; ++v) {
    vertex_t& s = smallest[label[v]];
    if (s == invalid_vertex || original_ids[v] < original_ids[s]) s = v;
  }
#pragma omp parallel for schedule(static)
  for (vertex_t v = 0; v < n; ++v) label[v] = smallest[label[v]];
}

}  // namespace plexus
