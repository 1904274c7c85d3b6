// The sources `plexus bench --distributed` draws: those draw_sources (sources.hpp) draws on the
// whole graph, found over the ranks without any rank holding the whole graph.
//
// draw_sources takes the eligible vertices (an out-arc, and in the largest component unless
// --sources-from all) in increasing input id and draws positions in that list with a seeded
// counter-based generator. The positions depend only on the seed and the list's length, which
// one all-reduce gives every rank; the vertex at position k is the eligible vertex of k-th
// smallest input id, found by a binary search over the ids that every rank takes in step (each
// round, one all-reduce of how many of its eligible ids lie at or below each probe, for every
// source at once: 64 rounds at most); its owner then names its global id. The largest
// component is largest_component_dist.hpp's, from the components the caller found.
#pragma once

#include <cstdint>
#include <span>

#include "plexus/cli/sources.hpp"
#include "plexus/core/types.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/rank_graph.hpp"

namespace plexus::cli {

/// Collective: draw_sources over the graph whose part is `graph`, the sources as global ids; the
/// same sources, eligible count and pool size on every rank. `component_label` names each owned
/// vertex's weakly connected component as the distributed CC labels it (connected_components_
/// distributed of algorithms/cc/cc_dist.hpp), for source_pool::largest_component; it is not read
/// for source_pool::all. A graph without arcs is refused, as draw_sources refuses it, by every
/// rank alike (dist::agreed_error).
drawn_sources draw_sources(dist::communicator& comm, const dist::rank_graph& graph,
                           std::span<const vertex_t> component_label, int count, int kept, std::uint64_t seed,
                           source_pool pool);

}  // namespace plexus::cli
