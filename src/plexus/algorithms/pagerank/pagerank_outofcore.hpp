// PageRank on a graph larger than the device's memory: the out-of-core engine
// (outofcore/engine.hpp) streams the in-lists the device does not hold, every iteration.
//
// Output: the ranks of pagerank.hpp, by the same definition (NetworkX or Graphalytics
// variant, the same stopping rules, personalization and weighting), equal to the in-memory
// ranks up to the order of floating-point additions (within 1e-6 relative in practice: a
// fetched list is summed piece by piece, chunk after chunk). Every vertex is active in every
// iteration, so the engine keeps the largest static share its memory allows (OneGraph's
// formula has no value at K = 1) and fetches the rest of the in-CSR each iteration. Only the
// gather layout differs from the in-memory run: contributions are read in vertex order.
// Input: the host graph (its in-CSR stays in host memory) and the back end to run on.
#pragma once

#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/outofcore/engine.hpp"

namespace plexus {

/// Throws as pagerank() does for bad options or weights; fills `report` with the plan and the
/// figures of every iteration.
pagerank_result pagerank_out_of_core(const csr_graph& graph, backend where, const pagerank_options& options,
                                     const outofcore::engine_options& engine, outofcore::engine_report& report);

}  // namespace plexus
