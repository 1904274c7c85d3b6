// BFS on a graph larger than the device's memory: the out-of-core engine
// (outofcore/engine.hpp) streams the lists the device does not hold.
//
// Output: the depths and parents of bfs.hpp, the same depths as the in-memory BFS. It is
// level-synchronous and push-only: each level visits the lists of the vertices the previous
// level discovered, wherever they live; a bottom-up (pull) step would fetch lists it then
// abandons after the first hit, so direction optimisation does not pay over the bus.
// Input: the host graph (its out-CSR stays in host memory) and the back end to run on.
#pragma once

#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/outofcore/engine.hpp"

namespace plexus {

/// Throws plexus::error(invalid_argument) when source is out of range or the engine cannot
/// run BFS; fills `report` with the plan and the figures of every level.
bfs_result bfs_out_of_core(const csr_graph& graph, vertex_t source, backend where,
                           const outofcore::engine_options& options, outofcore::engine_report& report);

}  // namespace plexus
