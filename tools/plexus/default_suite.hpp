// The algorithm suite of the default job: every graph algorithm once on a graph, on the host
// back end and, when a GPU is present, on CUDA, one line each with its time and a summary
// of its result, so a first run shows the whole library working.
#pragma once

#include <nlohmann/json.hpp>

#include "plexus/graph/csr_graph.hpp"

namespace plexus::cli {

/// Runs bfs and sssp (from a vertex of maximum degree), cc, pagerank, lp (at most 10
/// iterations), tc, jaccard and bc (16 sampled sources). Prints "algo: backend seconds s
/// summary" lines unless `json`; the returned array holds the same facts.
nlohmann::ordered_json run_default_suite(const csr_graph& graph, bool json);

}  // namespace plexus::cli
