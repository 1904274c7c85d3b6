// Graph loading, source choice and single traversals for the run and bench commands; see
// run_support.hpp.
#include "run_support.hpp"

#include <fast_float/fast_float.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <span>
#include <utility>

#include "generate.hpp"
#include "load.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/algorithms/bfs/bfs_verify.hpp"
#include "plexus/algorithms/sssp/sssp_verify.hpp"
#include "progress_display.hpp"

namespace plexus::cli {

namespace {

int parse_positive(std::string_view text, std::string_view what, std::string_view spec) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value <= 0)
    throw error(error_kind::invalid_argument,
                fmt::format("{}: {} must be a positive integer (kron:SCALE[:EDGEFACTOR])", spec, what));
  return value;
}

struct kron_spec {
  int scale = kDefaultKronScale;
  int edge_factor = kDefaultKronEdgeFactor;
};

std::optional<kron_spec> parse_kron(std::string_view graph) {
  if (graph.empty()) return kron_spec{};
  if (!graph.starts_with("kron:")) return std::nullopt;
  kron_spec spec;
  std::string_view rest = graph.substr(5);
  const auto colon = rest.find(':');
  spec.scale = parse_positive(rest.substr(0, colon), "SCALE", graph);
  if (colon != std::string_view::npos)
    spec.edge_factor = parse_positive(rest.substr(colon + 1), "EDGEFACTOR", graph);
  if (spec.scale > 31)
    throw error(error_kind::invalid_argument,
                fmt::format("{}: SCALE {} exceeds 31 (32-bit vertex ids)", graph, spec.scale));
  return spec;
}

/// Largest PINS_MILLIONS of a hyper: spec: pins / 16 vertices must stay within 32-bit ids.
constexpr double kMaxHyperPinsMillions = 30000;

/// Millions of pins of a "hyper:PINS_MILLIONS" spec; nullopt for anything else (a file).
std::optional<double> parse_hyper(std::string_view spec) {
  if (spec.empty()) return kDefaultHyperPinsMillions;
  if (!spec.starts_with("hyper:")) return std::nullopt;
  const std::string_view text = spec.substr(6);
  double millions = 0;
  const auto [end, ec] = fast_float::from_chars(text.data(), text.data() + text.size(), millions);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !(millions > 0) ||
      millions > kMaxHyperPinsMillions)
    throw error(error_kind::invalid_argument,
                fmt::format("{}: PINS_MILLIONS must be a number in (0, {}] (hyper:PINS_MILLIONS)", spec,
                            kMaxHyperPinsMillions));
  return millions;
}

/// Reads a file through the loader the other commands use: .plx caches, the progress line,
/// the same reading options. Graph or hypergraph is what load_input decides.
loaded_input read_input(const load_request& request) {
  input_options input;
  input.path = request.graph;
  if (!request.format.empty()) input.format = request.format;
  input.directed = request.directed == true;
  input.undirected = request.directed == false;
  progress_display progress;
  loaded_input loaded = load_input(input, progress.callback());
  progress.finish();
  return loaded;
}

/// Reads a file into `result`: the kind `member` names (graph or hypergraph) and the file
/// name; the other kind is refused with "FILE: `refusal`".
template <class Result, class Input>
void read_file_into(Result& result, const load_request& request, std::optional<Input> loaded_input::*member,
                    std::string_view refusal) {
  loaded_input loaded = read_input(request);
  if (!(loaded.*member))
    throw error(error_kind::invalid_argument, fmt::format("{}: {}", request.graph, refusal));
  result.graph = std::move(*(loaded.*member));
  result.name = std::filesystem::path(request.graph).filename().string();
}

/// The vertex of largest degree (smallest id on ties); `degree(v)` for v in [0, n).
template <class Degree>
vertex_t max_degree_vertex(vertex_t n, Degree&& degree, const char* what) {
  if (n == 0) throw error(error_kind::invalid_argument, fmt::format("{} has no vertices", what));
  vertex_t best = 0;
  for (vertex_t v = 1; v < n; ++v)
    if (degree(v) > degree(best)) best = v;
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

weight_t arc_weight(std::uint64_t seed, vertex_t u, vertex_t v, bool directed) {
  if (!directed && v < u) std::swap(u, v);
  counter_rng rng(seed, (std::uint64_t(u) << 32) | v);
  return static_cast<weight_t>(1 + rng.uniform(255));
}

csr_arrays weighted_copy(const csr_arrays& arrays, std::uint64_t seed, bool directed, bool reverse) {
  csr_arrays copy;
  copy.offsets.assign(arrays.offsets.begin(), arrays.offsets.end());
  copy.indices.assign(arrays.indices.begin(), arrays.indices.end());
  copy.weights.resize(arrays.indices.size());
  const vertex_t n = arrays.num_vertices();
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u)
    for (edge_t e = arrays.offsets[u]; e < arrays.offsets[u + 1]; ++e) {
      const vertex_t v = arrays.indices[e];
      // In the reverse CSR, u's list holds the tails of arcs v->u.
      copy.weights[e] = reverse ? arc_weight(seed, v, u, directed) : arc_weight(seed, u, v, directed);
    }
  return copy;
}

}  // namespace

loaded_graph load_graph(const load_request& request) {
  loaded_graph result;
  timer clock;
  if (request.graph.starts_with("hyper:"))
    throw error(
        error_kind::invalid_argument,
        request.graph + ": a generated hypergraph; the graph algorithms need a graph (kron:SCALE or a file)");
  if (const auto kron = parse_kron(request.graph)) {
    generators::kronecker_options options;
    options.scale = kron->scale;
    options.edge_factor = kron->edge_factor;
    options.directed = request.directed.value_or(false);
    build_options build;
    build.build_in_edges = options.directed;
    result.graph = build_graph(generators::kronecker(options), build);
    result.name = fmt::format("kron-{}-{}", kron->scale, kron->edge_factor);
  } else {
    read_file_into(result, request, &loaded_input::graph,
                   "a hypergraph; the graph algorithms need a graph (hyper-lp, hyper-bfs and hyper-cc take "
                   "hypergraphs)");
  }
  if (request.random_weights) result.graph = with_random_weights(result.graph);
  if (request.order != vertex_order::input) result.graph = relabel(result.graph, request.order);
  result.order = request.order;
  result.load_seconds = clock.seconds();
  return result;
}

loaded_hypergraph load_hypergraph(const load_request& request) {
  if (request.graph.starts_with("kron:"))
    throw error(error_kind::invalid_argument,
                request.graph +
                    ": a generated graph; the hypergraph algorithms need a hypergraph (hyper:PINS_MILLIONS "
                    "or a file)");
  loaded_hypergraph result;
  timer clock;
  if (const auto millions = parse_hyper(request.graph)) {
    result.graph =
        build_hypergraph(generators::random_hypergraph(generators::skewed_hypergraph_options(*millions * 1e6)));
    result.name = fmt::format("hyper-{}", *millions);
  } else {
    read_file_into(result, request, &loaded_input::hypergraph,
                   "a graph; the hypergraph algorithms need a hypergraph (name a hypergraph format with "
                   "--format if the file is one)");
  }
  result.load_seconds = clock.seconds();
  return result;
}

void print_loaded(const loaded_hypergraph& loaded) {
  fmt::print("Hypergraph:         {} ({} vertices, {} hyperedges, {} pins)\n", loaded.name,
             loaded.graph.num_vertices(), loaded.graph.num_hyperedges(), loaded.graph.num_pins());
  fmt::print("Load Time:          {:.5f}\n", loaded.load_seconds);
}

void print_device(backend where, double upload_seconds) {
  fmt::print("Device:             {} ({})\n", to_string(where), backend_device_name(where));
  fmt::print("Upload Time:        {:.5f}\n", upload_seconds);
}

csr_graph with_random_weights(const csr_graph& graph, std::uint64_t seed) {
  std::optional<csr_arrays> in;
  if (graph.directed() && graph.has_in_edges()) in = weighted_copy(graph.in(), seed, true, true);
  host_vector<std::uint64_t> ids(graph.original_ids().begin(), graph.original_ids().end());
  return csr_graph(weighted_copy(graph.out(), seed, graph.directed(), false), graph.directed(), std::move(in),
                   std::move(ids));
}

vertex_t internal_source(const csr_graph& graph, std::uint64_t original, const std::string& graph_name) {
  return find_source(graph, original, graph_name);
}

vertex_t internal_source(const hypergraph& graph, std::uint64_t original, const std::string& graph_name) {
  return find_source(graph, original, graph_name);
}

vertex_t max_degree_source(const csr_graph& graph) {
  return max_degree_vertex(
      graph.num_vertices(), [&](vertex_t v) { return graph.degree(v); }, "graph");
}

vertex_t max_degree_source(const hypergraph& graph) {
  return max_degree_vertex(
      graph.num_vertices(), [&](vertex_t v) { return graph.vertex_degree(v); }, "hypergraph");
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

std::vector<std::string> algorithm_names() {
  std::vector<std::string> names;
  for (const algorithm a : kGraphAlgorithms) names.emplace_back(to_string(a));
  for (const algorithm a : kHypergraphAlgorithms) names.emplace_back(to_string(a));
  return names;
}

algorithm parse_algorithm(std::string_view name) {
  for (const auto& group :
       {std::span<const algorithm>(kGraphAlgorithms), std::span<const algorithm>(kHypergraphAlgorithms)})
    for (const algorithm a : group)
      if (to_string(a) == name) return a;
  throw error(error_kind::invalid_argument, fmt::format("unknown algorithm '{}': choose one of {}", name,
                                                        fmt::join(algorithm_names(), ", ")));
}

std::string_view to_string(algorithm a) {
  switch (a) {
    case algorithm::bfs:
      return "bfs";
    case algorithm::sssp:
      return "sssp";
    case algorithm::cc:
      return "cc";
    case algorithm::pagerank:
      return "pagerank";
    case algorithm::lp:
      return "lp";
    case algorithm::tc:
      return "tc";
    case algorithm::jaccard:
      return "jaccard";
    case algorithm::bc:
      return "bc";
    case algorithm::hyper_lp:
      return "hyper-lp";
    case algorithm::hyper_bfs:
      return "hyper-bfs";
    case algorithm::hyper_cc:
      return "hyper-cc";
  }
  return "bfs";
}

analytics_run run_analytics(algorithm which, const device_graph& graph, const analytics_options& options) {
  switch (which) {
    case algorithm::cc:
      return run_components(graph, options);
    case algorithm::pagerank:
      return run_pagerank(graph, options);
    case algorithm::lp:
      return run_label_propagation(graph, options);
    case algorithm::tc:
      return run_triangles(graph, options);
    case algorithm::jaccard:
      return run_jaccard(graph, options);
    case algorithm::bc:
      return run_betweenness(graph, options);
    case algorithm::hyper_lp:
    case algorithm::hyper_bfs:
    case algorithm::hyper_cc:
      throw error(error_kind::invalid_argument, fmt::format("{} needs a hypergraph", to_string(which)));
    case algorithm::bfs:
    case algorithm::sssp:
      break;
  }
  throw error(error_kind::invalid_argument,
              fmt::format("{} is a traversal: use run_traversal", to_string(which)));
}

analytics_run run_hypergraph_analytics(algorithm which, const device_hypergraph& graph,
                                       const analytics_options& options) {
  switch (which) {
    case algorithm::hyper_lp:
      return run_hyper_label_propagation(graph, options);
    case algorithm::hyper_bfs:
      return run_hyper_bfs(graph, options);
    case algorithm::hyper_cc:
      return run_hyper_components(graph, options);
    default:
      break;
  }
  throw error(error_kind::invalid_argument,
              fmt::format("{} needs a graph, not a hypergraph", to_string(which)));
}

traversal run_traversal(algorithm which, const device_graph& graph, vertex_t source,
                        const traversal_options& options) {
  const csr_graph& host = graph.host_graph();
  traversal t;
  if (which == algorithm::bfs) {
    bfs_result r = bfs(graph, source, options.bfs);
    const auto reached = [&](vertex_t v) { return r.depth[v] != unreached_depth; };
    for (vertex_t v = 0; v < host.num_vertices(); ++v)
      if (reached(v)) {
        ++t.reached;
        t.max_value = std::max<double>(t.max_value, r.depth[v]);
      }
    t.traversed_edges = traversed_edges(host, reached);
    t.seconds = r.seconds;
    t.iterations = r.iterations;
    if (options.validate) t.verdict = verify::bfs(host, source, r.depth, r.parent);
    t.bfs = std::move(r);
  } else {
    sssp_result r = sssp(graph, source, options.sssp);
    const auto reached = [&](vertex_t v) { return !std::isinf(r.distance[v]); };
    for (vertex_t v = 0; v < host.num_vertices(); ++v)
      if (reached(v)) {
        ++t.reached;
        t.max_value = std::max<double>(t.max_value, r.distance[v]);
      }
    t.traversed_edges = traversed_edges(host, reached);
    t.seconds = r.seconds;
    t.iterations = r.iterations;
    if (options.validate) t.verdict = verify::sssp(host, source, r.distance, r.parent);
    t.sssp = std::move(r);
  }
  t.gteps = gteps(t.traversed_edges, t.seconds);
  return t;
}

}  // namespace plexus::cli
