// edge_list: the arcs a reader or generator produces, before the builder turns them into a CSR.
#pragma once

#include <cstdint>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"

namespace plexus {

/// Why an edge list is directed or not: its format's rule, what the file itself says (a
/// SNAP header, a Matrix Market symmetry, a KONECT or GML declaration), or the caller's choice.
enum class direction_basis { format_default, file, caller };

struct edge_list {
  host_vector<vertex_t> src;
  host_vector<vertex_t> dst;
  host_vector<weight_t> weights;  // empty when unweighted, else one per arc
  vertex_t num_vertices = 0;      // every id is below this; isolated vertices count
  bool directed = true;           // false when the source declares the graph undirected
  direction_basis direction_from = direction_basis::format_default;
  /// Empty when vertex i is the input's id i; otherwise id i stands for original_ids[i] in
  /// the input (renumbered ids, and the ids of formats numbered from 1).
  host_vector<std::uint64_t> original_ids;

  edge_t size() const { return src.size(); }
  bool weighted() const { return !weights.empty(); }
};

}  // namespace plexus
