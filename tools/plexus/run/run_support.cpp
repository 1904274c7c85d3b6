// Loading the inputs of the run and bench commands; see run_support.hpp.
#include "run_support.hpp"

#include <fast_float/fast_float.h>
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <type_traits>
#include <utility>

#include "graph_files/generate.hpp"
#include "common/load.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/cli/run_report.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/io/input.hpp"
#include "common/progress_display.hpp"
#include "common/report_line.hpp"

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
loaded_input read_input(const load_request& request, bool hypergraph) {
  input_options input;
  input.path = request.graph;
  // A stream has no name that could say it holds a hypergraph: the algorithm says it.
  input.hypergraph = hypergraph && io::is_stream(input.path);
  if (!request.format.empty()) input.format = request.format;
  input.directed = request.directed == true;
  input.undirected = request.directed == false;
  input.read = request.read;
  progress_display progress;
  loaded_input loaded = load_input(input, progress.callback());
  progress.finish();
  return loaded;
}

/// Reads a file into `result`: the kind `member` names (graph or hypergraph) and the file
/// name; the other kind is refused with "FILE: `refusal`".
template <class Result, class Input>
loaded_input read_file_into(Result& result, const load_request& request, std::optional<Input> loaded_input::*member,
                            std::string_view refusal) {
  loaded_input loaded = read_input(request, std::is_same_v<Input, hypergraph>);
  // An input of the other kind is a problem of the data, not of the command line (exit status 1).
  if (!(loaded.*member)) throw error(error_kind::unsupported, fmt::format("{}: {}", request.graph, refusal));
  result.graph = std::move(*(loaded.*member));
  result.name = request.graph == "-" ? "standard input" : std::filesystem::path(request.graph).filename().string();
  return loaded;
}

/// The weight of arc u -> v, keyed by the input's ids of its ends, so that a renumbered copy of
/// the graph (a degree-ordered .plx) draws the same weights.
weight_t arc_weight(std::uint64_t seed, std::uint64_t u, std::uint64_t v, bool directed) {
  if (!directed && v < u) std::swap(u, v);
  const std::uint64_t key = (u >> 32) == 0 && (v >> 32) == 0 ? (u << 32) | v : hash_pair(u, v);
  counter_rng rng(seed, key);
  return static_cast<weight_t>(1 + rng.uniform(255));
}

csr_arrays weighted_copy(const csr_graph& graph, const csr_arrays& arrays, std::uint64_t seed, bool reverse) {
  const bool directed = graph.directed();
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
      const std::uint64_t from = graph.original_id(reverse ? v : u), to = graph.original_id(reverse ? u : v);
      copy.weights[e] = arc_weight(seed, from, to, directed);
    }
  return copy;
}

}  // namespace

void check_input_spec(const std::string& spec, input_kind kind) {
  if (kind == input_kind::graph) {
    if (spec.starts_with("hyper:"))
      throw error(
          error_kind::invalid_argument,
          spec + ": a generated hypergraph; the graph algorithms need a graph (kron:SCALE or a file)");
    parse_kron(spec);
  } else {
    if (spec.starts_with("kron:"))
      throw error(error_kind::invalid_argument,
                  spec +
                      ": a generated graph; the hypergraph algorithms need a hypergraph (hyper:PINS_MILLIONS "
                      "or a file)");
    parse_hyper(spec);
  }
}

std::optional<generators::kronecker_options> kronecker_spec(const std::string& spec,
                                                            std::optional<bool> directed) {
  const auto kron = parse_kron(spec);
  if (!kron) return std::nullopt;
  generators::kronecker_options options;
  options.scale = kron->scale;
  options.edge_factor = kron->edge_factor;
  options.directed = directed.value_or(false);
  return options;
}

std::string kronecker_name(const generators::kronecker_options& options) {
  return fmt::format("kron-{}-{}", options.scale, options.edge_factor);
}

loaded_graph load_graph(const load_request& request) {
  check_input_spec(request.graph, input_kind::graph);
  loaded_graph result;
  timer clock;
  if (const auto kron = kronecker_spec(request.graph, request.directed)) {
    const generators::kronecker_options& options = *kron;
    progress_display progress(fmt::format("generate kron:{}:{}", options.scale, options.edge_factor));
    require_kronecker_fits(
        options, fmt::format("{}: generating it", request.graph.empty() ? "kron:16" : request.graph));
    build_options build;
    build.build_in_edges = options.directed;
    build.progress = progress.callback();
    result.graph = build_graph(generators::kronecker(options), build);
    result.name = kronecker_name(options);
    result.origin = input_origin::generated;
    result.direction = options.directed ? "directed (--directed)" : "undirected (generator default)";
  } else {
    result.direction = read_file_into(result, request, &loaded_input::graph,
                                      "a hypergraph; the graph algorithms need a graph (hyper-lp, hyper-bfs and "
                                      "hyper-cc take hypergraphs)")
                           .direction;
  }
  if (request.random_weights) result.graph = with_random_weights(result.graph);
  result.order = request.order;
  if (request.order == vertex_order::input) {
    result.load_seconds = clock.seconds();
    return result;
  }
  csr_graph relabelled = [&] {
    progress_display relabel_progress("relabel");
    return relabel(result.graph, request.order);
  }();
  result.load_seconds = clock.seconds();
  if (request.keep_input) {
    const host_vector<vertex_t> new_id = vertex_permutation(result.graph, request.order);
    result.input_vertex.resize(new_id.size());
    for (vertex_t v = 0; v < static_cast<vertex_t>(new_id.size()); ++v) result.input_vertex[new_id[v]] = v;
    result.input = std::move(result.graph);
  }
  result.graph = std::move(relabelled);
  return result;
}

loaded_hypergraph load_hypergraph(const load_request& request) {
  check_input_spec(request.graph, input_kind::hypergraph);
  loaded_hypergraph result;
  timer clock;
  if (const auto millions = parse_hyper(request.graph)) {
    progress_display progress(fmt::format("generate hyper:{}", *millions));
    result.graph = generate_hypergraph(generators::skewed_hypergraph_options(*millions * 1e6)).graph;
    result.name = fmt::format("hyper-{}", *millions);
    result.origin = input_origin::generated;
  } else {
    read_file_into(result, request, &loaded_input::hypergraph,
                   "a graph; the hypergraph algorithms need a hypergraph (name a hypergraph format with "
                   "--format if the file is one)");
  }
  result.load_seconds = clock.seconds();
  return result;
}

void print_loaded(const loaded_graph& loaded, bool random_weights, std::FILE* to) {
  if (to == nullptr) return;
  const csr_graph& graph = loaded.graph;
  print_line(
      to, "Graph",
      fmt::format("{} ({} vertices, {} {}, {})", loaded.name, graph.num_vertices(), graph.num_logical_edges(),
                  graph.directed() ? "arcs" : "edges",
                  graph.weighted() ? (random_weights ? "random weights 1..255" : "weighted") : "unweighted"));
  if (!loaded.direction.empty()) print_line(to, "Direction", loaded.direction);
  print_line(to, "Load Time", seconds_text(loaded.load_seconds));
  if (loaded.order != vertex_order::input) print_line(to, "Vertex Order", to_string(loaded.order));
}

void print_loaded(const loaded_hypergraph& loaded, std::FILE* to) {
  if (to == nullptr) return;
  print_line(to, "Hypergraph",
             fmt::format("{} ({} vertices, {} hyperedges, {} pins)", loaded.name, loaded.graph.num_vertices(),
                         loaded.graph.num_hyperedges(), loaded.graph.num_pins()));
  print_line(to, "Load Time", seconds_text(loaded.load_seconds));
}

void print_device(backend where, double upload_seconds, std::FILE* to) {
  if (to == nullptr) return;
  print_line(to, "Device", fmt::format("{} ({})", to_string(where), backend_device_name(where)));
  print_line(to, "Upload Time", seconds_text(upload_seconds));
}

csr_graph with_random_weights(const csr_graph& graph, std::uint64_t seed) {
  std::optional<csr_arrays> in;
  if (graph.directed() && graph.has_in_edges()) in = weighted_copy(graph, graph.in(), seed, true);
  host_vector<std::uint64_t> ids(graph.original_ids().begin(), graph.original_ids().end());
  return csr_graph(weighted_copy(graph, graph.out(), seed, false), graph.directed(), std::move(in),
                   std::move(ids));
}

}  // namespace plexus::cli
