// Generated inputs (see generate.hpp).
#include "generate.hpp"

#include <algorithm>
#include <cmath>
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

generators::random_hypergraph_options skewed_hypergraph_options(double pins) {
  generators::random_hypergraph_options o;
  o.num_vertices = static_cast<vertex_t>(std::max(1.0, pins / 16));
  o.min_edge_size = 2;
  o.max_edge_size = std::max<vertex_t>(o.min_edge_size, std::min<vertex_t>(10000, o.num_vertices));
  o.size_exponent = 1.6;
  o.seed = 1;
  // Mean of the discrete power law on [min, max]: sum k^(1-a) / sum k^-a.
  double weight = 0, weighted_size = 0;
  for (vertex_t k = o.min_edge_size; k <= o.max_edge_size; ++k) {
    weight += std::pow(k, -o.size_exponent);
    weighted_size += std::pow(k, 1 - o.size_exponent);
  }
  o.num_hyperedges = static_cast<hyperedge_t>(std::max(1.0, std::round(pins * weight / weighted_size)));
  return o;
}

}  // namespace plexus::cli
