// Sources of single-source algorithms on the command line; see sources.hpp.
#include "plexus/cli/sources.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"

namespace plexus::cli {

namespace {

/// The vertex of largest degree (smallest original id on ties, so that every vertex order
/// picks the same one); `degree(v)` for v in [0, n).
template <class Graph, class Degree>
vertex_t max_degree_vertex(const Graph& graph, Degree&& degree, const char* what) {
  const vertex_t n = graph.num_vertices();
  if (n == 0) throw error(error_kind::invalid_argument, fmt::format("{} has no vertices", what));
  vertex_t best = 0;
  for (vertex_t v = 1; v < n; ++v)
    if (degree(v) > degree(best) ||
        (degree(v) == degree(best) && graph.original_id(v) < graph.original_id(best)))
      best = v;
  return best;
}

/// `count` vertices drawn uniformly among those with degree(v) > 0, reproducible for a seed.
template <class Degree>
std::vector<vertex_t> draw_sources(vertex_t n, Degree&& degree, int count, std::uint64_t seed) {
  std::vector<vertex_t> sources;
  for (std::uint64_t draw = 0; sources.size() < static_cast<std::size_t>(count); ++draw) {
    counter_rng rng(seed, draw);
    const auto v = static_cast<vertex_t>(rng.uniform(n));
    if (degree(v) > 0) sources.push_back(v);
  }
  return sources;
}

/// Internal id of `original` in a graph or hypergraph (both map ids the same way).
template <class Graph>
vertex_t find_source(const Graph& graph, std::uint64_t original, const std::string& graph_name) {
  if (!graph.has_original_ids()) {
    if (original < graph.num_vertices()) return static_cast<vertex_t>(original);
  } else {
    const auto ids = graph.original_ids();
    const auto it = std::find(ids.begin(), ids.end(), original);
    if (it != ids.end()) return static_cast<vertex_t>(it - ids.begin());
  }
  throw error(error_kind::invalid_argument, fmt::format("source {} is not a vertex of {} ({} vertices)",
                                                        original, graph_name, graph.num_vertices()));
}

}  // namespace

vertex_t internal_source(const csr_graph& graph, std::uint64_t original, const std::string& graph_name) {
  return find_source(graph, original, graph_name);
}

vertex_t internal_source(const hypergraph& graph, std::uint64_t original, const std::string& graph_name) {
  return find_source(graph, original, graph_name);
}

vertex_t max_degree_source(const csr_graph& graph) {
  return max_degree_vertex(graph, [&](vertex_t v) { return graph.degree(v); }, "graph");
}

vertex_t max_degree_source(const hypergraph& graph) {
  return max_degree_vertex(graph, [&](vertex_t v) { return graph.vertex_degree(v); }, "hypergraph");
}

std::vector<vertex_t> random_sources(const csr_graph& graph, int count, std::uint64_t seed) {
  if (graph.num_edges() == 0)
    throw error(error_kind::invalid_argument, "graph has no arcs: no source to traverse from");
  return draw_sources(
      graph.num_vertices(), [&](vertex_t v) { return graph.degree(v); }, count, seed);
}

std::vector<vertex_t> random_sources(const hypergraph& graph, int count, std::uint64_t seed) {
  if (graph.num_pins() == 0)
    throw error(error_kind::invalid_argument, "hypergraph has no pins: no source to traverse from");
  return draw_sources(
      graph.num_vertices(), [&](vertex_t v) { return graph.vertex_degree(v); }, count, seed);
}

void source_choice::add_option(CLI::App& run, const std::string& description) {
  option_ = run.add_option("-s,--source", original_, description);
}

}  // namespace plexus::cli
