// Summary statistics of a hypergraph: sizes, degree and edge-size distributions, isolated
// vertices, empty and singleton hyperedges, and duplicate hyperedges (the same vertex set
// listed more than once, as in the timestamped ScHoLP data sets of Benson et al., "Simplicial
// closure and higher-order link prediction", PNAS 2018, where "unique" simplices are counted).
//
// Degrees and sizes count pins as stored (see degree_distribution.hpp). Two hyperedges are
// duplicates when their vertex *sets* are equal: a repeated pin does not make a hyperedge
// differ from the same hyperedge without the repetition.
#pragma once

#include <cstdint>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "plexus/hypergraph/degree_distribution.hpp"

namespace plexus {

struct hypergraph_stats {
  vertex_t num_vertices = 0;
  hyperedge_t num_hyperedges = 0;
  edge_t num_pins = 0;

  edge_t min_vertex_degree = 0;  // 0 when there are no vertices
  edge_t max_vertex_degree = 0;
  double mean_vertex_degree = 0;  // pins / vertices, isolated vertices included
  vertex_t isolated_vertices = 0;  // vertices in no hyperedge

  edge_t min_edge_size = 0;  // 0 when there are no hyperedges
  edge_t max_edge_size = 0;
  double mean_edge_size = 0;  // pins / hyperedges
  hyperedge_t empty_hyperedges = 0;
  hyperedge_t singleton_hyperedges = 0;          // hyperedges of exactly one pin
  hyperedge_t hyperedges_with_repeated_pin = 0;  // some vertex listed twice
  hyperedge_t unique_hyperedges = 0;             // distinct vertex sets (the empty set counts once)

  histogram vertex_degrees;
  histogram edge_sizes;
};

hypergraph_stats compute_hypergraph_stats(const hypergraph& graph);

/// For every hyperedge, the smallest id of a hyperedge with the same vertex set (itself when
/// it is the first of its kind). Sets are compared exactly; a 64-bit hash only orders the
/// work. Deterministic whatever the thread count.
host_vector<hyperedge_t> duplicate_representatives(const hypergraph& graph);

}  // namespace plexus
