// Graph loading, source choice and single traversals for the run and bench commands; see
// run_support.hpp.
#include "run_support.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <utility>

#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/verify/bfs.hpp"
#include "plexus/verify/sssp.hpp"
#include "load.hpp"
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
  if (colon != std::string_view::npos) spec.edge_factor = parse_positive(rest.substr(colon + 1), "EDGEFACTOR", graph);
  if (spec.scale > 31)
    throw error(error_kind::invalid_argument, fmt::format("{}: SCALE {} exceeds 31 (32-bit vertex ids)", graph, spec.scale));
  return spec;
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
    // Files go through the loader the other commands use: .plx caches, the progress line,
    // the same reading options.
    input_options input;
    input.path = request.graph;
    if (!request.format.empty()) input.format = request.format;
    input.directed = request.directed == true;
    input.undirected = request.directed == false;
    progress_display progress;
    loaded_input loaded = load_input(input, progress.callback());
    progress.finish();
    if (!loaded.graph)
      throw error(error_kind::invalid_argument, request.graph + ": a hypergraph; the graph algorithms need a graph");
    result.graph = std::move(*loaded.graph);
    result.name = std::filesystem::path(request.graph).filename().string();
  }
  if (request.random_weights) result.graph = with_random_weights(result.graph);
  result.load_seconds = clock.seconds();
  return result;
}

csr_graph with_random_weights(const csr_graph& graph, std::uint64_t seed) {
  std::optional<csr_arrays> in;
  if (graph.directed() && graph.has_in_edges()) in = weighted_copy(graph.in(), seed, true, true);
  host_vector<std::uint64_t> ids(graph.original_ids().begin(), graph.original_ids().end());
  return csr_graph(weighted_copy(graph.out(), seed, graph.directed(), false), graph.directed(), std::move(in),
                   std::move(ids));
}

vertex_t internal_source(const csr_graph& graph, std::uint64_t original, const std::string& graph_name) {
  if (!graph.has_original_ids()) {
    if (original < graph.num_vertices()) return static_cast<vertex_t>(original);
  } else {
    const auto ids = graph.original_ids();
    const auto it = std::find(ids.begin(), ids.end(), original);
    if (it != ids.end()) return static_cast<vertex_t>(it - ids.begin());
  }
  throw error(error_kind::invalid_argument,
              fmt::format("source {} is not a vertex of {} ({} vertices)", original, graph_name, graph.num_vertices()));
}

vertex_t max_degree_source(const csr_graph& graph) {
  if (graph.num_vertices() == 0) throw error(error_kind::invalid_argument, "graph has no vertices");
  vertex_t best = 0;
  for (vertex_t v = 1; v < graph.num_vertices(); ++v)
    if (graph.degree(v) > graph.degree(best)) best = v;
  return best;
}

std::vector<vertex_t> random_sources(const csr_graph& graph, int count, std::uint64_t seed) {
  if (graph.num_edges() == 0) throw error(error_kind::invalid_argument, "graph has no arcs: no source to traverse from");
  std::vector<vertex_t> sources;
  const vertex_t n = graph.num_vertices();
  for (std::uint64_t draw = 0; sources.size() < static_cast<std::size_t>(count); ++draw) {
    counter_rng rng(seed, draw);
    const auto v = static_cast<vertex_t>(rng.uniform(n));
    if (graph.degree(v) > 0) sources.push_back(v);
  }
  return sources;
}

algorithm parse_algorithm(std::string_view name) {
  for (const algorithm a : kAllAlgorithms)
    if (to_string(a) == name) return a;
  throw error(error_kind::invalid_argument,
              fmt::format("unknown algorithm '{}': choose bfs, sssp, cc, pagerank, lp, tc, jaccard or bc", name));
}

std::string_view to_string(algorithm a) {
  switch (a) {
    case algorithm::bfs: return "bfs";
    case algorithm::sssp: return "sssp";
    case algorithm::cc: return "cc";
    case algorithm::pagerank: return "pagerank";
    case algorithm::lp: return "lp";
    case algorithm::tc: return "tc";
    case algorithm::jaccard: return "jaccard";
    case algorithm::bc: return "bc";
  }
  return "bfs";
}

analytics_run run_analytics(algorithm which, const device_graph& graph, const analytics_options& options) {
  switch (which) {
    case algorithm::cc: return run_components(graph, options);
    case algorithm::pagerank: return run_pagerank(graph, options);
    case algorithm::lp: return run_label_propagation(graph, options);
    case algorithm::tc: return run_triangles(graph, options);
    case algorithm::jaccard: return run_jaccard(graph, options);
    case algorithm::bc: return run_betweenness(graph, options);
    case algorithm::bfs:
    case algorithm::sssp: break;
  }
  throw error(error_kind::invalid_argument, fmt::format("{} is a traversal: use run_traversal", to_string(which)));
}

traversal run_traversal(algorithm which, const device_graph& graph, vertex_t source, const traversal_options& options) {
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
