// edge_list: the arcs a reader or generator produces, before the builder turns them into a CSR.
#pragma once

#include <cstdint>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"

namespace plexus {

struct edge_list {
  host_vector<vertex_t> src;
  host_vector<vertex_t> dst;
  host_vector<weight_t> weights;  // empty when unweighted, else one per arc
  vertex_t num_vertices = 0;      // every id is below this; isolated vertices count
  bool directed = true;           // false when the source declares the graph undirected
  /// Empty when ids are the file's own (possibly shifted to 0-based) ids; otherwise id i
  /// stands for original_ids[i] in the input (readers that renumber non-contiguous ids).
  host_vector<std::uint64_t> original_ids;

  edge_t size() const { return src.size(); }
  bool weighted() const { return !weights.empty(); }
};

}  // namespace plexus
