// Random hypergraph generator with a skewed (discrete power-law) hyperedge-size distribution:
// P(size = k) ~ k^-exponent on [min_edge_size, max_edge_size], pins drawn uniformly (or with
// a skewed vertex popularity). Deterministic per seed whatever the thread count.
#pragma once

#include <cstdint>

#include "plexus/graph/hypergraph.hpp"

namespace plexus::generators {

struct random_hypergraph_options {
  vertex_t num_vertices = 1 << 16;
  hyperedge_t num_hyperedges = 1 << 16;
  vertex_t min_edge_size = 2;
  vertex_t max_edge_size = 1000;
  double size_exponent = 2.0;        // larger: more small hyperedges
  double vertex_skew = 0.0;          // 0: uniform pins; > 0: Zipf-like vertex popularity
  std::uint64_t seed = 1;
};

incidence_list random_hypergraph(const random_hypergraph_options& options);

/// The expected number of pins random_hypergraph draws: the hyperedge count times the mean of
/// the size distribution (summed exactly over ranges the sampler tabulates, integrated over
/// the continuous law it samples otherwise). Sizes memory before anything is drawn.
double expected_pins(const random_hypergraph_options& options);

/// The skewed hypergraph the hypergraph benchmarks run on (`hyper:PINS_MILLIONS`): hyperedge
/// sizes from a discrete power law with exponent 1.6 on 2..10000 (capped at the vertex count),
/// the hyperedge count chosen so the expected number of pins drawn is `pins` (a vertex drawn
/// twice for one hyperedge counts once after building), pins / 16 vertices (mean vertex
/// degree 16), uniform pins, seed 1. Few hyperedges hold most pins, so every degree bucket of
/// device_hypergraph is exercised.
random_hypergraph_options skewed_hypergraph_options(double pins);

}  // namespace plexus::generators
