// `plexus bench`: timed trials of registered algorithms (cli/algorithm_command.hpp) over
// graphs, or of the hyper-* algorithms over hypergraphs, on every chosen back end (GAPBS
// benchmark protocol; Graph500 specification 2.0 for the TEPS metric).
//
// For every input, back end and algorithm: the input is uploaded once (upload time printed
// apart), one untimed warm-up runs, then --trials timed runs, summarised by the median,
// minimum, maximum and interquartile range of the time and of every figure (bench_trials.hpp);
// --verbose also prints each trial ("Trial Time:", "Trial GTEPS:", its source). A
// single-source algorithm starts each trial from a source drawn as GAPBS does, among vertices
// with out-arcs in the largest weakly connected component unless --sources-from all (seeded,
// --sources distinct ones used in turn); the others run with the defaults their command gives
// a bench, which give every trial the same work. --json writes every trial, the statistics,
// the device name, the git revision and a UTC timestamp, atomically ("-": standard output,
// the lines then going to standard error). Graph and hypergraph algorithms are not mixed in
// one bench.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "bench_engines.hpp"
#include "bench_sources.hpp"
#include "bench_trials.hpp"
#include "command.hpp"
#include "device_choice.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/sources.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"
#include "plexus/io/atomic_file.hpp"
#include "progress_display.hpp"
#include "run_summary.hpp"
#include "run_support.hpp"

#ifndef PLEXUS_GIT_REVISION
#define PLEXUS_GIT_REVISION "unknown"
#endif

namespace plexus::cli {
namespace {

struct bench_arguments {
  std::vector<std::string> algorithms{"bfs"};
  std::vector<std::string> graphs;
  int kron_scale = kDefaultKronScale;
  CLI::Option* kron_option = nullptr;
  int edge_factor = kDefaultKronEdgeFactor;
  std::vector<std::string> devices;
  int trials = 16;
  int sources = 0;
  std::string sources_from = "largest";
  std::uint64_t seed = 1;
  bool validate = false;
  bool verbose = false;
  bool quiet = false;
  bool random_weights = false;
  std::string order = "input";
  std::string format;
  bool directed = false, undirected = false;
  read_settings read;
  std::string json;
  std::vector<std::string> engines;  // --engine: besides the in-memory reference
  std::vector<std::string> limits;   // --device-memory-limit
  std::vector<const CLI::Option*> graph_only;  // options the hypergraph algorithms refuse
  // Options algorithms added, with the algorithm that reads each.
  std::vector<std::pair<const CLI::Option*, const algorithm_command*>> algorithm_options;
};

/// Writes `document` indented by two spaces, followed by a newline, atomically.
void write_json(const std::filesystem::path& path, const nlohmann::ordered_json& document) {
  io::atomic_file file(path);
  file.write(document.dump(2) + "\n");
  file.commit();
}

std::string utc_timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

/// Where bench's lines go: results to standard output unless the JSON goes there; the other
/// lines with them unless --quiet.
struct bench_streams {
  std::FILE* lines = stdout;
  std::FILE* results = stdout;
};

/// What the result lines of `algorithm`'s trials on `loaded` and `where` name; draws the
/// sources of a single-source algorithm once per input.
template <class Loaded>
trial_context context_for(const algorithm_command& algorithm, const Loaded& loaded, backend where,
                          double upload_seconds, std::optional<input_sources>& sources, const bench_arguments& args,
                          const bench_streams& streams) {
  trial_context context;
  context.algorithm = algorithm.name();
  context.input = input_label(loaded);
  context.device = device_label(where);
  context.header = {{"algorithm", algorithm.name()}};
  context.header.update(describe_input(loaded));
  context.header.update(describe_device(where, upload_seconds));
  if (algorithm.single_source()) {
    if (!sources)
      sources = draw_input_sources(
          loaded.graph, {args.sources > 0 ? args.sources : args.trials, args.seed, parse_source_pool(args.sources_from)},
          streams.lines);
    context.sources = sources->phrase;
    context.header["sources"] = sources->json;
  }
  context.trials = args.trials;
  context.validate = args.validate;
  context.verbose = args.verbose;
  context.lines = streams.lines;
  context.results = streams.results;
  return context;
}

/// The trials of every algorithm on one input and back end.
template <class Loaded, class Device>
void bench_algorithms(const std::vector<algorithm_command*>& algorithms, const Loaded& loaded,
                      const Device& on_device, std::optional<input_sources>& sources,
                      const bench_arguments& args, const bench_streams& streams,
                      nlohmann::ordered_json& results, bool& all_passed) {
  for (algorithm_command* algorithm : algorithms) {
    run_request request;
    if constexpr (std::is_same_v<Device, device_graph>)
      request.graph = &on_device;
    else
      request.hypergraph = &on_device;
    request.purpose = run_purpose::bench;
    request.input_name = loaded.name;
    if constexpr (std::is_same_v<Device, device_graph>)
      if (loaded.input) {  // a renumbered graph is verified against the graph as read
        request.input_graph = &*loaded.input;
        request.input_vertex = loaded.input_vertex;
      }
    request.seed = args.seed;
    const trial_context context =
        context_for(*algorithm, loaded, on_device.where(), on_device.upload_seconds(), sources, args, streams);
    const std::vector<vertex_t>* drawn =
        sources && algorithm->single_source() ? &sources->drawn.sources : nullptr;
    results.push_back(time_trials(
        context,
        [&](int trial, bool validate) {
          request.validate = validate;
          if (drawn) request.source = (*drawn)[static_cast<std::size_t>(trial) % drawn->size()];
          return algorithm->run(request);
        },
        all_passed));
  }
}

/// Every input on every back end: `load(spec)` loads (and reports) one input, Device is
/// device_graph or device_hypergraph.
template <class Device, class Load>
void bench_inputs(const std::vector<std::string>& inputs, const std::vector<backend>& backends,
                  const std::vector<algorithm_command*>& algorithms, Load&& load, const bench_arguments& args,
                  const bench_streams& streams, nlohmann::ordered_json& results, bool& all_passed) {
  for (const std::string& spec : inputs) {
    const auto loaded = load(spec);
    std::optional<input_sources> sources;
    for (const backend where : backends) {
      const Device on_device(loaded.graph, where);
      print_device(where, on_device.upload_seconds(), streams.lines);
      bench_algorithms(algorithms, loaded, on_device, sources, args, streams, results, all_passed);
    }
  }
}

/// Every algorithm on every graph and back end under every engine and limit asked
/// (bench_engines.hpp): the graph is not uploaded here, each row places it as its engine does.
void bench_graph_engines(const std::vector<std::string>& inputs, const std::vector<backend>& backends,
                         const std::vector<algorithm_command*>& algorithms, load_request request,
                         const bench_arguments& args, const bench_streams& streams, nlohmann::ordered_json& results,
                         bool& all_passed) {
  engine_bench_settings settings;
  settings.engines = args.engines;
  for (const std::string& limit : args.limits)
    settings.limits.push_back(parse_byte_size(limit, "--device-memory-limit"));
  for (const std::string& spec : inputs) {
    request.graph = spec;
    const loaded_graph loaded = load_graph(request);
    print_loaded(loaded, request.random_weights, streams.lines);
    std::optional<input_sources> sources;
    for (const backend where : backends)
      for (algorithm_command* algorithm : algorithms) {
        engine_bench_input input;
        input.algorithm = algorithm;
        input.loaded = &loaded;
        input.where = where;
        input.seed = args.seed;
        input.context = context_for(*algorithm, loaded, where, 0, sources, args, streams);
        input.sources = sources && algorithm->single_source() ? &sources->drawn.sources : nullptr;
        for (auto& row : bench_engines(input, settings, all_passed)) results.push_back(std::move(row));
      }
  }
}

/// The algorithms named by --algorithm, all on one kind of input, with no option given that
/// none of them reads.
std::vector<algorithm_command*> chosen_algorithms(const bench_arguments& args) {
  std::vector<algorithm_command*> algorithms;
  for (const std::string& name : args.algorithms) algorithms.push_back(&find_algorithm(name));
  const input_kind input = algorithms.front()->input();
  for (const algorithm_command* algorithm : algorithms)
    if (algorithm->input() != input)
      throw error(
          error_kind::invalid_argument,
          fmt::format("--algorithm: {} and {} need different inputs (a graph and a hypergraph); bench them "
                      "separately",
                      algorithms.front()->name(), algorithm->name()));
  if (input == input_kind::hypergraph)
    for (const CLI::Option* option : args.graph_only)
      if (option->count() > 0)
        throw error(error_kind::invalid_argument,
                    fmt::format("{} does not apply to the hypergraph algorithms", option->get_name()));
  // An option an algorithm added applies only when that algorithm is benched.
  for (const auto& [option, owner] : args.algorithm_options)
    if (option->count() > 0 && std::find(algorithms.begin(), algorithms.end(), owner) == algorithms.end())
      throw error(error_kind::invalid_argument, fmt::format("{} applies to {} only, which is not benched",
                                                            option->get_name(), owner->name()));
  return algorithms;
}

void bench_command(const bench_arguments& args) {
  const std::vector<algorithm_command*> algorithms = chosen_algorithms(args);
  const bool hyper = algorithms.front()->input() == input_kind::hypergraph;
  const std::vector<backend> backends = chosen_devices(args.devices);
  bench_streams streams;
  // The JSON file is checked before any work, as run checks --out.
  if (!args.json.empty() && io::check_output(args.json) == io::output_kind::standard_output)
    streams.results = stderr;
  streams.lines = args.quiet ? nullptr : streams.results;
  progress_display::allow(!args.quiet);
  std::vector<std::string> graphs = args.graphs;
  if (graphs.empty())
    graphs.push_back(hyper ? fmt::format("hyper:{}", kDefaultHyperPinsMillions)
                           : fmt::format("kron:{}:{}", args.kron_scale, args.edge_factor));

  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  bool all_passed = true;
  load_request request;
  request.format = args.format;
  request.read = args.read;
  if (args.directed) request.directed = true;
  if (args.undirected) request.directed = false;
  if (!hyper && (!args.engines.empty() || !args.limits.empty())) {
    request.random_weights = args.random_weights;
    request.order = parse_vertex_order(args.order);
    request.keep_input = args.validate;
    bench_graph_engines(graphs, backends, algorithms, request, args, streams, results, all_passed);
  } else if (hyper) {
    bench_inputs<device_hypergraph>(
        graphs, backends, algorithms,
        [&](const std::string& spec) {
          request.graph = spec;
          loaded_hypergraph loaded = load_hypergraph(request);
          print_loaded(loaded, streams.lines);
          return loaded;
        },
        args, streams, results, all_passed);
  } else {
    request.random_weights = args.random_weights;
    request.order = parse_vertex_order(args.order);
    request.keep_input = args.validate;
    bench_inputs<device_graph>(
        graphs, backends, algorithms,
        [&](const std::string& spec) {
          request.graph = spec;
          loaded_graph loaded = load_graph(request);
          print_loaded(loaded, request.random_weights, streams.lines);
          return loaded;
        },
        args, streams, results, all_passed);
  }
  if (!args.json.empty()) {
    const nlohmann::ordered_json document = {{"git_revision", PLEXUS_GIT_REVISION},
                                             {"timestamp", utc_timestamp()},
                                             {"trials", args.trials},
                                             {"seed", args.seed},
                                             {"results", std::move(results)}};
    write_json(args.json, document);
    if (streams.lines) fmt::print(streams.lines, "JSON:               {}\n", args.json);
  }
  if (!all_passed) throw CLI::RuntimeError(1);  // the FAIL lines above say why
}

void setup_bench(CLI::App& sub) {
  auto args = std::make_shared<bench_arguments>();
  sub.add_option(
         "--algorithm", args->algorithms,
         fmt::format("Algorithms, comma-separated, all on graphs or all on hypergraphs: {} (default bfs)",
                     fmt::join(algorithm_names(), ", ")))
      ->delimiter(',')
      ->check(CLI::IsMember(algorithm_names()));
  auto* graph = sub.add_option("--graph", args->graphs,
                               "Graph files or kron:SCALE[:EDGEFACTOR] specs; for the hypergraph algorithms, "
                               "hypergraph files or hyper:PINS_MILLIONS specs (default hyper:1)");
  args->kron_option =
      sub.add_option("--kron", args->kron_scale, "Benchmark a Kronecker graph of 2^SCALE vertices")
          ->check(CLI::Range(1, 31));
  args->kron_option->excludes(graph);
  auto* edge_factor = sub.add_option("--edge-factor", args->edge_factor,
                                     "Arcs per vertex of the Kronecker graph (default 16)")
                          ->check(CLI::PositiveNumber);
  sub.add_option("--device", args->devices, "Back ends, comma-separated (default: every available one)")
      ->delimiter(',')
      ->check(CLI::IsMember(backend_names()));
  sub.add_option("--trials", args->trials, "Timed trials per graph, back end and algorithm (default 16)")
      ->check(CLI::PositiveNumber);
  sub.add_option("--sources", args->sources,
                 "Distinct sources of the single-source algorithms, used in turn (default: one per trial)")
      ->check(CLI::PositiveNumber);
  sub.add_option("--sources-from", args->sources_from,
                 "Draw sources among the vertices with an out-arc of the largest weakly connected component "
                 "(largest, the default, as GAPBS's benchmarks are run) or of the whole graph (all)")
      ->check(CLI::IsMember({"largest", "all"}));
  sub.add_option("--seed", args->seed,
                 "Seed of the sources drawn and of what algorithms draw (hyper-lp's initial labels, bc's "
                 "sources) (default 1)");
  sub.add_flag("--validate", args->validate, "Verify every trial with the serial verifier");
  sub.add_flag("--verbose", args->verbose, "Also print every trial: its source, time and figures");
  sub.add_flag("--quiet", args->quiet, "Print only the statistics lines and failures (no progress)");
  auto* random_weights =
      sub.add_flag("--random-weights", args->random_weights, "Deterministic integer weights in [1, 255]");
  auto* order = sub.add_option("--order", args->order,
                               "Vertex order in memory: input, or degree (hubs first; relabelling is part of "
                               "the load time)")
                    ->check(CLI::IsMember({"input", "degree"}));
  sub.add_option("--format", args->format, "Format of the --graph files (default: from each name, or content)");
  auto* directed = sub.add_flag("--directed", args->directed, "Keep the arcs of --graph files directed");
  auto* undirected = sub.add_flag("--undirected", args->undirected, "Symmetrize the --graph files")->excludes(directed);
  add_read_settings(sub, args->read, true);
  args->graph_only = {args->kron_option,
                      edge_factor,
                      random_weights,
                      order,
                      directed,
                      undirected,
                      sub.get_option("--weight-column"),
                      sub.get_option("--self-loops"),
                      sub.get_option("--vertex-file")};
  for (algorithm_command* algorithm : registered_algorithms()) {
    const std::size_t before = sub.get_options().size();
    algorithm->add_bench_options(sub);
    const auto options = sub.get_options();
    for (std::size_t i = before; i < options.size(); ++i) {
      args->algorithm_options.emplace_back(options[i], algorithm);
      if (algorithm->input() == input_kind::graph) args->graph_only.push_back(options[i]);
    }
  }
  args->graph_only.push_back(
      sub.add_option("--engine", args->engines,
                     "Engines to compare with the in-memory run, comma-separated: auto, out-of-core, subway, "
                     "zero-copy, managed, managed-fits; each row checks its answers against the in-memory ones")
          ->delimiter(',')
          ->check(CLI::IsMember({"auto", "in-memory", "out-of-core", "subway", "zero-copy", "managed", "managed-fits"})));
  args->graph_only.push_back(
      sub.add_option("--device-memory-limit", args->limits,
                     "Device memory limits (e.g. 16G,12G,8G), each engine but in-memory and managed-fits running "
                     "under each (auto when no --engine is given)")
          ->delimiter(','));
  sub.add_option("--json", args->json,
                 "Write every trial and the statistics as JSON to this file ('-': standard output, the "
                 "lines then going to standard error)");
  sub.callback([args] { bench_command(*args); });
}

}  // namespace
}  // namespace plexus::cli

PLEXUS_COMMAND(
    "bench",
    "Time trials of the graph or hypergraph algorithms and report GTEPS, edges/s, pairs/s, pins/s or GB/s",
    plexus::cli::setup_bench);
