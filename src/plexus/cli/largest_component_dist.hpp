// The largest weakly connected component of a distributed graph, the one find_largest_component
// (largest_component.hpp) picks on the whole graph, so that `plexus bench --distributed` draws
// its sources where a single bench draws them without any rank holding the whole graph.
//
// The components are given as the distributed CC labels them (algorithms/cc/cc_dist.hpp, a
// layer above this one, which the caller runs): a vertex's label is the global id of its
// component's member of smallest input id. Each rank tallies its owned
// vertices per label (how many, and whether one has an out-arc), sends each tally to the
// label's owner, which sums them; each rank proposes its best label, and an all-gather picks
// the best of all by find_largest_component's rule: a component with an out-arc, the most
// vertices, then the smallest input id (that of its label).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "plexus/core/types.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/rank_graph.hpp"

namespace plexus::cli {

struct largest_component_part {
  std::vector<char> member;  // member[v] != 0: owned vertex v (local id) lies in it
  std::uint64_t size = 0;    // its vertices over every rank; 0 when no vertex has an out-arc
};

/// Collective: this rank's share of the largest component of the graph whose part is `graph`,
/// `label` naming each owned vertex's component as above.
largest_component_part find_largest_component(dist::communicator& comm, const dist::rank_graph& graph,
                                              std::span<const vertex_t> label);

}  // namespace plexus::cli
