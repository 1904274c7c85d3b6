// Generated inputs for `plexus generate` and the default job: run a generator, build the
// result, and keep both timings for the report.
#pragma once

#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/random_hypergraph.hpp"
#include "plexus/generators/uniform.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "report.hpp"

namespace plexus::cli {

struct generated_graph {
  csr_graph graph;
  report_source source;  // description, format "generated", generation and build times
};

struct generated_hypergraph {
  hypergraph graph;
  report_source source;
};

generated_graph generate_kronecker(const generators::kronecker_options& options);
generated_graph generate_uniform(const generators::uniform_options& options);
generated_hypergraph generate_hypergraph(const generators::random_hypergraph_options& options);

/// The skewed hypergraph the hypergraph benchmarks run on (`hyper:PINS_MILLIONS`): hyperedge
/// sizes from a discrete power law with exponent 1.6 on 2..10000 (capped at the vertex count),
/// the hyperedge count chosen so the expected number of pins drawn is `pins` (a vertex drawn
/// twice for one hyperedge counts once after building), pins / 16 vertices (mean vertex
/// degree 16), uniform pins, seed 1. Few hyperedges hold most pins, so every
/// degree bucket of device_hypergraph is exercised.
generators::random_hypergraph_options skewed_hypergraph_options(double pins);

}  // namespace plexus::cli
