// Uniform random graph: Erdős–Rényi G(n, m) with replacement (Erdős, Rényi, "On random
// graphs I", 1959): each of the m arcs picks its two endpoints independently and uniformly
// from [0, n). Parallel arcs and self-loops may occur; the builder removes them by default.
// Arc e uses only the counter-based stream keyed by (seed, e), so the output is identical for
// a seed whatever the thread count.
#include "plexus/generators/uniform.hpp"

#include <string>

#include "integer_weights.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"

namespace plexus::generators {

edge_list uniform(const uniform_options& options) {
  const vertex_t n = options.num_vertices;
  const edge_t m = options.num_edges;
  if (n == 0 && m > 0)
    throw error(error_kind::invalid_argument,
                "uniform: " + std::to_string(m) + " edges requested on a graph with no vertices");
  detail::integer_weights weights(options.min_weight, options.max_weight, "uniform");

  edge_list edges;
  edges.num_vertices = n;
  edges.directed = options.directed;
  edges.src.resize(m);
  edges.dst.resize(m);
  if (options.weighted) edges.weights.resize(m);
  const bool weighted = options.weighted;
  const std::uint64_t seed = options.seed;

#pragma omp parallel for schedule(static)
  for (edge_t e = 0; e < m; ++e) {
    counter_rng rng(seed, e);
    edges.src[e] = static_cast<vertex_t>(rng.uniform(n));
    edges.dst[e] = static_cast<vertex_t>(rng.uniform(n));
    if (weighted) edges.weights[e] = weights.draw(rng);
  }
  return edges;
}

}  // namespace plexus::generators
