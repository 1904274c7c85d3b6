// Connected components of an undirected graph larger than the device's memory, over the
// out-of-core engine (outofcore/engine.hpp).
//
// Output: the labels of cc.hpp (every vertex labelled by the smallest id of its component),
// the same as the in-memory Afforest. Approach: min-label propagation, level-synchronous (as
// Ascetic's CC): every vertex starts with its own id as label and all are active; a round
// pushes the labels of the vertices lowered in the previous round along their lists, and a
// target whose label falls joins the next round. Each component converges to its smallest id
// after at most its diameter plus one rounds. Afforest's sampling and long union-find chains
// would each fetch lists at random; propagation streams the active lists once per round.
#pragma once

#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/outofcore/engine.hpp"

namespace plexus {

/// Throws plexus::error(unsupported) for a directed graph (weak components need the reverse
/// arcs too: symmetrize it when reading).
cc_result connected_components_out_of_core(const csr_graph& graph, backend where,
                                           const outofcore::engine_options& options,
                                           outofcore::engine_report& report);

}  // namespace plexus
