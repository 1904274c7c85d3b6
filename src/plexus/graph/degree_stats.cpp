#include "plexus/graph/degree_stats.hpp"

#include <cmath>
#include <limits>

namespace plexus {

degree_stats compute_degree_stats(const csr_arrays& arrays) {
  degree_stats stats;
  const vertex_t n = arrays.num_vertices();
  if (n == 0) return stats;
  edge_t min_degree = std::numeric_limits<edge_t>::max();
  edge_t max_degree = 0;
  vertex_t isolated = 0;
  double sum_squares = 0;
#pragma omp parallel for reduction(min : min_degree) reduction(max : max_degree) \
    reduction(+ : isolated, sum_squares) schedule(static)
  for (vertex_t v = 0; v < n; ++v) {
    const edge_t d = arrays.offsets[v + 1] - arrays.offsets[v];
    min_degree = d < min_degree ? d : min_degree;
    max_degree = d > max_degree ? d : max_degree;
    isolated += d == 0;
    sum_squares += static_cast<double>(d) * static_cast<double>(d);
  }
  stats.min = min_degree;
  stats.max = max_degree;
  stats.isolated = isolated;
  stats.mean = static_cast<double>(arrays.num_edges()) / n;
  stats.stddev = std::sqrt(std::max(0.0, sum_squares / n - stats.mean * stats.mean));
  for (vertex_t v = 0; v < n; ++v) {
    if (arrays.offsets[v + 1] - arrays.offsets[v] == max_degree) {
      stats.argmax = v;
      break;
    }
  }
  return stats;
}

}  // namespace plexus
