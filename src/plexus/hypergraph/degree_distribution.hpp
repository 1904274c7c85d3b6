// Degree distributions of a hypergraph: how many vertices have each degree, how many
// hyperedges have each size.
//
// Degrees and sizes are those stored in the incidence CSRs (hypergraph::vertex_degree and
// hypergraph::edge_size): a hypergraph built with repeated pins kept counts a repeated pin
// each time it is listed. Histograms are sparse (only values that occur), so a single vertex
// of degree 10^7 costs one bin rather than 10^7 empty ones.
#pragma once

#include <cstdint>
#include <vector>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus {

struct histogram_bin {
  edge_t value = 0;         // a degree or a size
  std::uint64_t count = 0;  // how many vertices or hyperedges have it (never 0)

  friend bool operator==(const histogram_bin&, const histogram_bin&) = default;
};

/// Bins in increasing order of value, one per value that occurs.
using histogram = std::vector<histogram_bin>;

/// Histogram of the row lengths of a CSR (offsets[i + 1] - offsets[i]).
histogram row_length_histogram(const csr_arrays& arrays);

/// Vertex degree histogram: bin d counts vertices in d hyperedges (d = 0: isolated vertices).
histogram vertex_degree_histogram(const hypergraph& graph);

/// Hyperedge size histogram: bin k counts hyperedges with k pins (k = 0: empty hyperedges).
histogram edge_size_histogram(const hypergraph& graph);

}  // namespace plexus
