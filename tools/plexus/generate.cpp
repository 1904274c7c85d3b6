// Generated inputs (see generate.hpp).
#include "generate.hpp"

#include <utility>

#include <fmt/format.h>

#include "plexus/core/timer.hpp"
#include "plexus/graph/builder.hpp"

namespace plexus::cli {

namespace {

generated_graph build(edge_list edges, std::string description, double generation_seconds) {
  timer t;
  build_options options;
  options.symmetrize = !edges.directed;
  options.build_in_edges = edges.directed;
  generated_graph result{build_graph(std::move(edges), options), {}};
  result.source = {std::move(description), "generated",
                   {{"generation time", generation_seconds}, {"build time", t.seconds()}}};
  return result;
}

}  // namespace

generated_graph generate_kronecker(const generators::kronecker_options& options) {
  timer t;
  edge_list edges = generators::kronecker(options);
  return build(std::move(edges),
               fmt::format("kron scale {} edge factor {} seed {}{}{}", options.scale, options.edge_factor,
                           options.seed, options.weighted ? " weighted" : "", options.directed ? " directed" : ""),
               t.seconds());
}

generated_graph generate_uniform(const generators::uniform_options& options) {
  timer t;
  edge_list edges = generators::uniform(options);
  return build(std::move(edges),
               fmt::format("uniform vertices {} edges {} seed {}{}{}", options.num_vertices, options.num_edges,
                           options.seed, options.weighted ? " weighted" : "", options.directed ? " directed" : ""),
               t.seconds());
}

generated_hypergraph generate_hypergraph(const generators::random_hypergraph_options& options) {
  timer t;
  incidence_list incidence = generators::random_hypergraph(options);
  const double generation_seconds = t.seconds();
  t.restart();
  generated_hypergraph result{build_hypergraph(std::move(incidence)), {}};
  result.source = {fmt::format("hypergraph vertices {} hyperedges {} sizes {}..{} exponent {} seed {}",
                               options.num_vertices, options.num_hyperedges, options.min_edge_size,
                               options.max_edge_size, options.size_exponent, options.seed),
                   "generated",
                   {{"generation time", generation_seconds}, {"build time", t.seconds()}}};
  return result;
}

}  // namespace plexus::cli
