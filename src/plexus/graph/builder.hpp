// The parallel builder: edge list -> csr_graph.
//
// Steps (each parallel, deterministic whatever the thread count): optionally renumber ids to
// the ids that occur, mirror arcs when the graph is undirected, drop self-loops, sort every
// neighbour list, remove parallel edges keeping the minimum weight, and optionally build the
// reverse CSR of a directed graph.
#pragma once

#include "plexus/core/progress.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/edge_list.hpp"

namespace plexus {

struct build_options {
  /// Treat the input as undirected (store each edge both ways) even if it says directed.
  bool symmetrize = false;
  bool keep_self_loops = false;
  bool keep_parallel_edges = false;  // otherwise duplicates collapse to the minimum weight
  /// Renumber to 0..k-1 over the ids that occur in some arc (SNAP convention); the result
  /// keeps the map back to the input's ids.
  bool compact_ids = false;
  bool build_in_edges = false;  // directed graphs only: also build the reverse CSR
  bool keep_weights = true;
  progress_fn progress;
};

/// Consumes `edges` (its memory is released as the build proceeds).
csr_graph build_graph(edge_list edges, const build_options& options = {});

}  // namespace plexus
