// The largest weakly connected component of a graph or hypergraph, where `plexus bench` draws
// the sources of its single-source trials.
//
// Components are found with the concurrent union-find link of Afforest (Sutton, Ben-Nun,
// Barak, "Optimizing Parallel Graph Connectivity Computation via Subgraph Sampling", IPDPS
// 2018): every arc (a hypergraph: every pin, joined to its hyperedge's first pin) links the
// trees of its two ends by a compare-and-swap on the larger root, then the trees are flattened.
// Arc directions are ignored, so a directed graph's components are its weak ones.
#pragma once

#include <cstdint>
#include <vector>

#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::cli {

struct largest_component {
  std::vector<char> member;  // member[v] != 0: v lies in it
  std::uint64_t size = 0;    // its vertices
};

/// The component with the most vertices among those holding a vertex with an out-arc (a
/// hypergraph: a vertex in a hyperedge), where a traversal can start; among equally large
/// ones, the one holding the smallest input id, so that the choice does not depend on the
/// vertex order in memory. Empty (size 0) when no vertex has an out-arc.
largest_component find_largest_component(const csr_graph& graph);
largest_component find_largest_component(const hypergraph& graph);

}  // namespace plexus::cli
