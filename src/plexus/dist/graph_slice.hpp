// What one rank holds of a graph before it is renumbered locally: the lists of its owned
// vertices, their neighbours still named by global ids. A slice comes from a graph in memory
// (slice_of: text formats, which every rank reads whole), from a .plx file read in place
// (plx_slice.hpp), or from the Kronecker generator (kronecker_slice.hpp); partition and
// local_graph take it from there.
#pragma once

#include <cstdint>
#include <optional>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/dist/vertex_ranges.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::dist {

struct graph_slice {
  vertex_t num_vertices = 0;  // of the whole graph
  edge_t num_edges = 0;       // arcs of the whole graph (its out-lists)
  bool directed = false;
  bool weighted = false;  // the whole graph; the slice's lists carry weights where they hold arcs
  vertex_t first = 0;     // the owned vertices are [first, first + out.num_vertices())
  /// The out-lists of the owned vertices: offsets from 0, neighbours by global id, in the
  /// whole graph's order.
  csr_arrays out;
  /// A directed graph's in-lists of the owned vertices, when the graph carries its reverse.
  std::optional<csr_arrays> in;
  /// The input's ids of the owned vertices; empty when they are their own global ids.
  host_vector<std::uint64_t> original_ids;

  vertex_t num_owned() const { return out.num_vertices(); }
  vertex_t last() const { return first + num_owned(); }
};

/// A rank's slice with the ranges every rank shares, as the collective readers and
/// generators return them.
struct rank_slice {
  vertex_ranges ranges;
  graph_slice slice;
};

/// Rows [first, last) of a graph in memory.
graph_slice slice_of(const csr_graph& graph, vertex_t first, vertex_t last);

}  // namespace plexus::dist
