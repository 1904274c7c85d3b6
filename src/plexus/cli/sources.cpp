// Sources of single-source algorithms on the command line; see sources.hpp.
#include "plexus/cli/sources.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#include "plexus/cli/best_over_ranks.hpp"
#include "plexus/cli/distributed_run.hpp"
#include "plexus/cli/largest_component.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/graph/input_id.hpp"

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
std::optional<vertex_t> find_vertex(const Graph& graph, std::uint64_t original) {
  if (!graph.has_original_ids()) {
    if (original < graph.num_vertices()) return static_cast<vertex_t>(original);
    return std::nullopt;
  }
  const auto ids = graph.original_ids();
  const auto it = std::find(ids.begin(), ids.end(), original);
  if (it == ids.end()) return std::nullopt;
  return static_cast<vertex_t>(it - ids.begin());
}

/// The ids a graph's vertices go by: the smallest and largest input id of its n vertices.
struct id_span {
  std::uint64_t smallest = 0, largest = 0;
  vertex_t n = 0;
};

template <class Graph>
id_span ids_of(const Graph& graph) {
  if (graph.num_vertices() == 0) return {};
  const auto [smallest, largest] = input_id_range(graph);
  return {smallest, largest, graph.num_vertices()};
}

/// "the file's own ids (1..34 here)", or "the file's ids from 1 to 1000 (34 vertices)" where
/// the ids leave gaps; `ids` names a vertex.
std::string ids_phrase(const id_span& ids, input_origin origin, std::string_view kind) {
  const std::string owner = origin == input_origin::file ? "the file's" : fmt::format("the {}'s", kind);
  const auto [smallest, largest, n] = ids;
  if (smallest == largest) return fmt::format("{} own ids ({} here)", owner, smallest);
  if (largest - smallest + 1 == n) return fmt::format("{} own ids ({}..{} here)", owner, smallest, largest);
  return fmt::format("{} ids from {} to {} ({} vertices)", owner, smallest, largest, n);
}

/// "INPUT: WHAT is not a vertex of the KIND: ROLES are the file's own ids (1..34 here)".
[[noreturn]] void throw_not_a_vertex(const id_span& ids, std::string_view kind, const std::string& what,
                                     std::string_view roles, const std::string& input_name,
                                     input_origin origin) {
  const std::string why = ids.n == 0 ? fmt::format("the {} has no vertices", kind)
                                     : fmt::format("{} are {}", roles, ids_phrase(ids, origin, kind));
  throw error(error_kind::invalid_argument,
              fmt::format("{}{} is not a vertex of the {}: {}", input_name.empty() ? "" : input_name + ": ",
                          what, kind, why));
}

template <class Graph>
[[noreturn]] void throw_not_a_vertex(const Graph& graph, const std::string& what, std::string_view roles,
                                     const std::string& input_name, input_origin origin) {
  constexpr std::string_view kind = std::is_same_v<Graph, hypergraph> ? "hypergraph" : "graph";
  throw_not_a_vertex(ids_of(graph), kind, what, roles, input_name, origin);
}

template <class Graph>
vertex_t find_source(const Graph& graph, std::uint64_t original, const std::string& input_name,
                     input_origin origin) {
  if (const auto v = find_vertex(graph, original)) return *v;
  throw_not_a_vertex(graph, fmt::format("source {}", original), "sources", input_name, origin);
}

}  // namespace

vertex_t internal_source(const csr_graph& graph, std::uint64_t original, const std::string& input_name,
                         input_origin origin) {
  return find_source(graph, original, input_name, origin);
}

vertex_t internal_source(const hypergraph& graph, std::uint64_t original, const std::string& input_name,
                         input_origin origin) {
  return find_source(graph, original, input_name, origin);
}

void throw_not_a_source(const csr_graph& graph, std::uint64_t original, const std::string& input_name,
                        input_origin origin) {
  throw_not_a_vertex(graph, fmt::format("source {}", original), "sources", input_name, origin);
}

vertex_t internal_vertex(const csr_graph& graph, std::uint64_t original, const std::string& input_name,
                         input_origin origin, std::string_view what) {
  if (const auto v = find_vertex(graph, original)) return *v;
  throw_not_a_vertex(graph, fmt::format("{}: {}", what, original), "vertices", input_name, origin);
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

vertex_t source_choice::resolve(const distributed_request& request) const {
  if (request.purpose != run_purpose::run) return request.source.value_or(0);
  dist::communicator& comm = *request.comm;
  const dist::rank_graph& graph = *request.graph;
  const std::string& input_name = request.input_name;
  const input_origin origin = request.origin;
  const dist::partition& part = graph.part;
  const auto input_id = [&](vertex_t v) -> std::uint64_t {
    return graph.original_ids.empty() ? std::uint64_t{part.first_owned()} + v : graph.original_ids[v];
  };
  if (option_->count() > 0) {
    vertex_t mine = invalid_vertex;
    for (vertex_t v = 0; v < part.num_owned(); ++v)
      if (input_id(v) == original_) mine = part.first_owned() + v;
    const vertex_t found = comm.all_reduce<vertex_t>(mine, dist::reduce_op::min);
    if (found != invalid_vertex) return found;
    // The single run's message, with the ids of every rank.
    std::uint64_t smallest = ~std::uint64_t{0}, largest = 0;
    for (vertex_t v = 0; v < part.num_owned(); ++v) {
      smallest = std::min(smallest, input_id(v));
      largest = std::max(largest, input_id(v));
    }
    const id_span ids{comm.all_reduce<std::uint64_t>(smallest, dist::reduce_op::min),
                      comm.all_reduce<std::uint64_t>(largest, dist::reduce_op::max),
                      part.ranges().num_vertices()};
    dist::agreed(comm, [&] {
      throw_not_a_vertex(ids, "graph", fmt::format("source {}", original_), "sources", input_name, origin);
    });
  }
  dist::agreed(comm, [&] {
    if (part.ranges().num_vertices() == 0) throw error(error_kind::unsupported, "graph has no vertices");
  });
  // max_degree_source's order: the larger degree, then the smaller input id.
  vertex_candidate best;
  for (vertex_t v = 0; v < part.num_owned(); ++v) {
    const vertex_candidate c{graph.graph.degree(v), input_id(v), part.first_owned() + v};
    if (c.beats(best)) best = c;
  }
  return best_over_ranks(comm, best).global;
}

}  // namespace plexus::cli
