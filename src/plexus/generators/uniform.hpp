// Uniform random (Erdős–Rényi G(n, m) with replacement) graph generator; deterministic per
// seed whatever the thread count.
#pragma once

#include <cstdint>

#include "plexus/graph/edge_list.hpp"

namespace plexus::generators {

struct uniform_options {
  vertex_t num_vertices = 1 << 16;
  edge_t num_edges = 1 << 20;
  std::uint64_t seed = 1;
  bool weighted = false;
  weight_t min_weight = 1, max_weight = 255;
  bool directed = false;
};

edge_list uniform(const uniform_options& options);

}  // namespace plexus::generators
