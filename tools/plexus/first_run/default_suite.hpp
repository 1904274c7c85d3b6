// The algorithm suite of the default job: every registered graph algorithm once on a graph,
// on every available back end, one line each with its time, its rate and a summary of its
// result, so a first run shows the whole library working.
#pragma once

#include <nlohmann/json.hpp>

#include "plexus/graph/csr_graph.hpp"

namespace plexus::cli {

/// Runs every registered graph algorithm with its quick suite settings (single-source ones
/// from a vertex of maximum degree). Unless `json`, prints a header per back end naming its
/// device, then "algo: backend seconds s rate summary" lines; the returned array holds the
/// same facts, the rate under its `plexus run --json` key ("gteps", "edges_per_second", ...).
nlohmann::ordered_json run_default_suite(const csr_graph& graph, bool json);

}  // namespace plexus::cli
