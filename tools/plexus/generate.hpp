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

}  // namespace plexus::cli
