// What one rank holds of a distributed graph, and the ways to get it: its partition (owned
// range, ghosts, exchange plans), its local graph (local_graph.hpp) and the input's ids of
// its owned vertices. Every function here is collective over the communicator, and a fault
// one rank finds while reading or checking its part is agreed on (agree.hpp): every rank
// throws the same error, naming the rank that found it.
//
// Sources: a graph every rank already holds whole (text formats, which every rank reads in
// full and keeps its slice of: simple, at the cost of the whole graph's memory on every rank
// while it loads), a .plx file each rank reads only its part of (plx_slice.hpp), or the
// Kronecker generator, each rank drawing a share of the arcs (kronecker_slice.hpp).
#pragma once

#include <cstdint>

#include "plexus/core/host_vector.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/graph_slice.hpp"
#include "plexus/dist/local_graph.hpp"
#include "plexus/dist/partition.hpp"
#include "plexus/dist/vertex_ranges.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::dist {

struct rank_graph {
  partition part;
  csr_graph graph;                          // in local ids, part.num_local() vertices
  host_vector<std::uint64_t> original_ids;  // of the owned vertices; empty when ids are global ids
  /// Whether the whole graph is weighted. graph.weighted() can say no on a rank whose
  /// out-lists hold no arcs: lists without arcs carry no weights.
  bool weighted = false;
};

/// This rank's part from its slice of `ranges`: the partition (plans agreed with the peers)
/// and the local graph, its lists in `order`.
rank_graph assemble(communicator& comm, const vertex_ranges& ranges, graph_slice slice,
                    list_order order = list_order::local);

/// Every rank holds `whole`; each keeps its slice of the byte-balanced split.
rank_graph distribute(communicator& comm, const csr_graph& whole, list_order order = list_order::local);

}  // namespace plexus::dist
