// SSSP on a graph larger than the device's memory, over the out-of-core engine
// (outofcore/engine.hpp).
//
// Output: the distances and parents of sssp.hpp, the same distances as the in-memory SSSP
// (for integer weights exactly, as any float weights: each distance is the smallest rounded
// path sum either way). Approach: frontier Bellman-Ford, level-synchronous: every round
// relaxes the arcs of the vertices the previous round lowered, wherever their lists live.
// Near-far's narrow windows would fetch the same lists over the bus again and again in rounds
// of few arcs each (a tiny chunk per round): a round that relaxes everything active moves each
// list once per round it is active (the design notes on out-of-core SSSP). Weights travel with
// the arcs (8 bytes per arc instead of 4).
#pragma once

#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/outofcore/engine.hpp"

namespace plexus {

/// Throws plexus::error(invalid_argument) when source is out of range, and
/// plexus::error(unsupported) naming the edge when a weight is negative. With `parents`, the
/// result carries the canonical shortest-path tree of the distances (sssp_parents.hpp), built
/// after the timed traversal as sssp() builds it.
sssp_result sssp_out_of_core(const csr_graph& graph, vertex_t source, backend where,
                             const outofcore::engine_options& options, outofcore::engine_report& report,
                             bool parents = true);

}  // namespace plexus
