// Sources of single-source algorithms on the command line; see sources.hpp.
#include "plexus/cli/sources.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "plexus/cli/largest_component.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"

namespace plexus::cli {

namespace {

/// The vertex of largest degree (smallest original id on ties, so that every vertex order
/// picks the same one); `degree(v)` for v in [0, n).
template <class Graph, class Degree>
vertex_t max_degree_vertex(const Graph& graph, Degree&& degree, const char* what) {
  const vertex_t n = graph.num_vertices();
  if (n == 0) throw error(error_kind::unsupported, fmt::format("{} has no vertices", what));
  vertex_t best = 0;
  for (vertex_t v = 1; v < n; ++v)
    if (degree(v) > degree(best) ||
        (degree(v) == degree(best) && graph.original_id(v) < graph.original_id(best)))
      best = v;
  return best;
}

/// The first `kept` of `count` vertices v with degree(v) > 0 (and in the largest component when
/// asked), drawn uniformly in increasing input-id order.
template <class Graph, class Degree>
drawn_sources draw(const Graph& graph, Degree&& degree, int count, int kept, std::uint64_t seed,
                   source_pool pool) {
  const vertex_t n = graph.num_vertices();
  largest_component component;
  if (pool == source_pool::largest_component) component = find_largest_component(graph);
  std::vector<std::pair<std::uint64_t, vertex_t>> eligible;  // (input id, internal id)
  for (vertex_t v = 0; v < n; ++v)
    if (degree(v) > 0 && (pool == source_pool::all || component.member[v]))
      eligible.emplace_back(graph.original_id(v), v);
  std::sort(eligible.begin(), eligible.end());
  // Not reached through draw_sources, which refuses a graph without arcs; kept so that no
  // caller can index an empty list.
  if (eligible.empty())
    throw error(error_kind::unsupported, "no vertex has an out-arc: no source to traverse from");
  drawn_sources result;
  result.eligible = eligible.size();
  result.pool_size = pool == source_pool::all ? n : component.size;
  // Whether the sources are distinct depends on the whole count; each draw then depends only
  // on those before it, so stopping after `kept` keeps the whole draw's first sources.
  const bool distinct = static_cast<std::size_t>(count) <= eligible.size();
  std::vector<char> taken(distinct ? eligible.size() : 0);
  const auto wanted = static_cast<std::size_t>(std::min(count, kept));
  for (std::uint64_t draw = 0; result.sources.size() < wanted; ++draw) {
    counter_rng rng(seed, draw);
    const auto k = static_cast<std::size_t>(rng.uniform(eligible.size()));
    if (distinct && std::exchange(taken[k], 1)) continue;
    result.sources.push_back(eligible[k].second);
  }
  return result;
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

source_pool parse_source_pool(std::string_view name) {
  if (name == "largest") return source_pool::largest_component;
  if (name == "all") return source_pool::all;
  throw error(error_kind::invalid_argument,
              fmt::format("--sources-from must be largest or all (got {})", name));
}

drawn_sources draw_sources(const csr_graph& graph, int count, int kept, std::uint64_t seed,
                           source_pool pool) {
  if (graph.num_edges() == 0)
    throw error(error_kind::unsupported, "the graph has no edges: no source to traverse from");
  return draw(
      graph, [&](vertex_t v) { return graph.degree(v); }, count, kept, seed, pool);
}

drawn_sources draw_sources(const hypergraph& graph, int count, int kept, std::uint64_t seed,
                           source_pool pool) {
  if (graph.num_pins() == 0)
    throw error(error_kind::unsupported, "the hypergraph has no pins: no source to traverse from");
  return draw(
      graph, [&](vertex_t v) { return graph.vertex_degree(v); }, count, kept, seed, pool);
}

void source_choice::add_option(CLI::App& run, const std::string& description) {
  option_ = run.add_option("-s,--source", original_, description);
}

}  // namespace plexus::cli
