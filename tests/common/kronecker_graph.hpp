// A Kronecker graph built as `plexus run` builds kron:SCALE specs: Graph500 parameters, seed
// 1, undirected unless asked, directed ones with their reverse CSR.
#pragma once

#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"

namespace plexus_test {

inline plexus::csr_graph kronecker_graph(int scale, int edge_factor, bool directed, bool weighted = false) {
  plexus::generators::kronecker_options options;
  options.scale = scale;
  options.edge_factor = edge_factor;
  options.directed = directed;
  options.weighted = weighted;
  plexus::build_options build;
  build.build_in_edges = directed;
  return plexus::build_graph(plexus::generators::kronecker(options), build);
}

}  // namespace plexus_test
