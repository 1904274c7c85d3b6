// Generated inputs (see generate.hpp).
#include "generate.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <string_view>
#include <utility>

#include "plexus/backends/backend.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/graph/builder.hpp"

namespace plexus::cli {

namespace {

/// Peak bytes per generated arc and per vertex when the arcs are drawn and built into a CSR
/// (`plexus generate` under /usr/bin/time: Kronecker scale 20 and uniform 16M arcs 16 bytes an
/// arc undirected, 12 directed, 28 weighted and undirected), with a quarter more for margin.
double graph_need_bytes(double arcs, double vertices, bool directed, bool weighted) {
  const double per_arc = (directed ? 12 : 16) + (weighted ? 12 : 0);
  return 1.25 * (per_arc * arcs + 16 * vertices);
}

/// Throws plexus::error(out_of_memory) when `bytes` (computed in doubles, so that no count can
/// wrap) exceed the host memory available.
void require_generation_fits(double bytes, const std::string& what, std::string_view hint) {
  const device_memory memory = backend_memory(backend::host);
  if (bytes <= static_cast<double>(memory.free)) return;
  const std::string need =
      bytes < 0x1p64 ? human_bytes(static_cast<std::uint64_t>(bytes)) : fmt::format("{:.3g} bytes", bytes);
  throw error(error_kind::out_of_memory,
              fmt::format("{} needs about {} of memory, but {} are available (of {}); {}", what, need,
                          human_bytes(memory.free), human_bytes(memory.total), hint));
}

generated_graph build(edge_list edges, std::string description, double generation_seconds) {
  timer t;
  build_options options;
  options.symmetrize = !edges.directed;
  options.build_in_edges = edges.directed;
  generated_graph result{build_graph(std::move(edges), options), {}};
  result.source = {std::move(description),
                   "generated",
                   {{"generation_seconds", generation_seconds}, {"build_seconds", t.seconds()}}};
  return result;
}

}  // namespace

void require_kronecker_fits(const generators::kronecker_options& options, const std::string& what) {
  const double vertices = std::ldexp(1.0, options.scale);
  require_generation_fits(
      graph_need_bytes(vertices * options.edge_factor, vertices, options.directed, options.weighted),
      fmt::format("{} ({:.4g} arcs)", what, vertices * options.edge_factor),
      "choose a smaller scale or edge factor");
}

generated_graph generate_kronecker(const generators::kronecker_options& options) {
  require_kronecker_fits(options, fmt::format("generating a Kronecker graph of scale {} and edge factor {}",
                                              options.scale, options.edge_factor));
  timer t;
  edge_list edges = generators::kronecker(options);
  return build(std::move(edges),
               fmt::format("kron scale {} edge factor {} seed {}{}{}", options.scale, options.edge_factor,
                           options.seed, options.weighted ? " weighted" : "", options.directed ? " directed" : ""),
               t.seconds());
}

generated_graph generate_uniform(const generators::uniform_options& options) {
  require_generation_fits(graph_need_bytes(static_cast<double>(options.num_edges), options.num_vertices,
                                           options.directed, options.weighted),
                          fmt::format("generating a uniform graph of {} vertices and {} arcs",
                                      options.num_vertices, options.num_edges),
                          "choose fewer --vertices or --edges");
  timer t;
  edge_list edges = generators::uniform(options);
  return build(std::move(edges),
               fmt::format("uniform vertices {} edges {} seed {}{}{}", options.num_vertices, options.num_edges,
                           options.seed, options.weighted ? " weighted" : "", options.directed ? " directed" : ""),
               t.seconds());
}

generated_hypergraph generate_hypergraph(const generators::random_hypergraph_options& options) {
  // Pins drawn, their incidence both ways and the build's buffers: 30 bytes a pin measured on
  // 2 million pins, plus 8 bytes per vertex and per hyperedge per offset array, with margin.
  const double pins = generators::expected_pins(options);
  require_generation_fits(
      1.25 * (32 * pins + 16.0 * options.num_vertices + 16.0 * options.num_hyperedges),
      fmt::format("generating a hypergraph of {} vertices and {} hyperedges (about {:.4g} pins)",
                  options.num_vertices, options.num_hyperedges, pins),
      "choose fewer --hyperedges or a smaller --max-size");
  timer t;
  incidence_list incidence = generators::random_hypergraph(options);
  const double generation_seconds = t.seconds();
  t.restart();
  generated_hypergraph result{build_hypergraph(std::move(incidence)), {}};
  result.source = {fmt::format("hypergraph vertices {} hyperedges {} sizes {}..{} exponent {} seed {}",
                               options.num_vertices, options.num_hyperedges, options.min_edge_size,
                               options.max_edge_size, options.size_exponent, options.seed),
                   "generated",
                   {{"generation_seconds", generation_seconds}, {"build_seconds", t.seconds()}}};
  return result;
}

}  // namespace plexus::cli
