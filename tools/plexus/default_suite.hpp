// The algorithm suite of the default job: every registered graph algorithm once on a graph,
// on every available back end, one line each with its time and a summary of its result, so a
// first run shows the whole library working.
#pragma once

#include <nlohmann/json.hpp>

#include "plexus/graph/csr_graph.hpp"

namespace plexus::cli {

/// Runs every registered graph algorithm with its quick suite settings (single-source ones
/// from a vertex of maximum degree). Prints "algo: backend seconds s summary" lines unless
/// `json`; the returned array holds the same facts.
nlohmann::ordered_json run_default_suite(const csr_graph& graph, bool json);

}  // namespace plexus::cli
