// Degree statistics of a CSR (out-degrees; in-degrees from the reverse CSR).
#pragma once

#include <cstdint>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus {

struct degree_stats {
  edge_t min = 0;
  edge_t max = 0;
  double mean = 0;
  double stddev = 0;
  vertex_t argmax = 0;          // a vertex of maximum degree (the smallest such id)
  vertex_t isolated = 0;        // vertices of degree 0
};

degree_stats compute_degree_stats(const csr_arrays& arrays);

}  // namespace plexus
