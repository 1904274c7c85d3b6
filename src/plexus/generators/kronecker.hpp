// Kronecker / R-MAT graph generator (Chakrabarti, Zhan, Faloutsos, SDM 2004; Graph500
// specification parameters a=0.57, b=0.19, c=0.19, d=0.05).
//
// Produces edge_factor * 2^scale arcs over 2^scale vertices. Every arc is derived from a
// counter-based random stream keyed by (seed, arc index), so the output is identical for a
// given seed whatever the thread count. Vertex ids are scrambled by a seeded bijection, as
// Graph500 requires, so high-degree vertices are not clustered at low ids.
#pragma once

#include <cstdint>

#include "plexus/graph/edge_list.hpp"

namespace plexus::generators {

struct kronecker_options {
  int scale = 16;             // 2^scale vertices
  int edge_factor = 16;       // arcs per vertex
  double a = 0.57, b = 0.19, c = 0.19;  // d = 1 - a - b - c
  std::uint64_t seed = 1;
  bool scramble_ids = true;
  bool weighted = false;      // integer weights uniform in [min_weight, max_weight]
  weight_t min_weight = 1, max_weight = 255;
  bool directed = false;      // Graph500 graphs are undirected
};

edge_list kronecker(const kronecker_options& options);

/// The arcs kronecker(options) draws: edge_factor · 2^scale.
edge_t kronecker_arcs(const kronecker_options& options);

/// Arcs [first, last) of kronecker(options), the same arcs whoever draws them: the processes
/// of a distributed run each draw a share (dist/kronecker_slice.hpp).
edge_list kronecker(const kronecker_options& options, edge_t first, edge_t last);

}  // namespace plexus::generators
