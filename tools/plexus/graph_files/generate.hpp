// Generated inputs for `plexus generate` and the default job: run a generator, build the
// result, and keep both timings for the report.
#pragma once

#include <string>

#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/random_hypergraph.hpp"
#include "plexus/generators/uniform.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "common/report.hpp"

namespace plexus::cli {

struct generated_graph {
  csr_graph graph;
  report_source source;  // description, format "generated", generation and build times
};

struct generated_hypergraph {
  hypergraph graph;
  report_source source;
};

/// Each generator first checks that its peak host memory (the arcs or pins drawn, the build's
/// buffers and the result, as measured on Kronecker, uniform and skewed hypergraphs) fits the
/// memory available, and refuses otherwise, naming both, before it draws anything: an absurd
/// scale or count is a clear error instead of a failed allocation minutes later.
/// `kron:SCALE` specs go through the same check (require_kronecker_fits).
void require_kronecker_fits(const generators::kronecker_options& options, const std::string& what);

generated_graph generate_kronecker(const generators::kronecker_options& options);
generated_graph generate_uniform(const generators::uniform_options& options);
generated_hypergraph generate_hypergraph(const generators::random_hypergraph_options& options);

}  // namespace plexus::cli
