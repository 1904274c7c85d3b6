// `plexus bench`: timed trials of registered algorithms (cli/algorithm_command.hpp) over
// graphs, or of the hyper-* algorithms over hypergraphs, on every chosen back end (GAPBS
// benchmark protocol; Graph500 specification 2.0 for the TEPS metric).
//
// For every input, back end and algorithm: the input is uploaded once (upload time printed
// apart), one untimed warm-up runs, then --trials timed runs, each printing "Trial Time:" and
// the algorithm's figure ("Trial GTEPS:", "Trial GB/s:", ...), then "Average Time:"
// (arithmetic mean) and the average figure (the harmonic mean of the trials' rates: for equal
// work, the work over the mean time). A single-source algorithm starts each trial from a
// source drawn uniformly among vertices with out-arcs (seeded, --sources distinct ones used
// in turn); the others run with the defaults their command gives a bench, which give every
// trial the same work. --json writes every figure, the device name, the git revision and a
// UTC timestamp, atomically. Graph and hypergraph algorithms are not mixed in one bench.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <ctime>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "command.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/sources.hpp"
#include "plexus/core/error.hpp"
#include "plexus/io/atomic_file.hpp"
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
  std::uint64_t seed = 1;
  bool validate = false;
  bool random_weights = false;
  std::string order = "input";
  std::string format;
  bool directed = false, undirected = false;
  read_settings read;
  std::string json;
  std::vector<const CLI::Option*> graph_only;  // options the hypergraph algorithms refuse
  // Options algorithms added, with the algorithm that reads each.
  std::vector<std::pair<const CLI::Option*, const algorithm_command*>> algorithm_options;
};

/// Writes `document` indented by two spaces, followed by a newline, atomically.
void write_json(const std::filesystem::path& path, const nlohmann::json& document) {
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

std::vector<backend> chosen_backends(const std::vector<std::string>& names) {
  std::vector<backend> result;
  if (names.empty()) {
    for (backend b : all_backends())
      if (backend_available(b)) result.push_back(b);
    return result;
  }
  for (const std::string& name : names) {
    const backend b = parse_backend(name);
    require_backend(b);
    result.push_back(b);
  }
  return result;
}

nlohmann::json describe(const loaded_graph& loaded) {
  const csr_graph& graph = loaded.graph;
  return {{"vertices", graph.num_vertices()}, {"edges", graph.num_logical_edges()},
          {"arcs", graph.num_edges()},        {"directed", graph.directed()},
          {"weighted", graph.weighted()},     {"vertex_order", to_string(loaded.order)}};
}

nlohmann::json describe(const loaded_hypergraph& loaded) {
  const hypergraph& graph = loaded.graph;
  return {
      {"vertices", graph.num_vertices()}, {"hyperedges", graph.num_hyperedges()}, {"pins", graph.num_pins()}};
}

/// The fields every result row starts with: the input, the algorithm and the back end.
template <class Loaded, class Device>
nlohmann::json row_header(const algorithm_command& algorithm, const Loaded& loaded, const Device& on_device) {
  nlohmann::json row = {{"graph", loaded.name},
                        {"algorithm", algorithm.name()},
                        {"backend", to_string(on_device.where())},
                        {"device", backend_device_name(on_device.where())},
                        {"load_seconds", loaded.load_seconds},
                        {"upload_seconds", on_device.upload_seconds()}};
  row.update(describe(loaded));
  return row;
}

/// Lower-case JSON key of a figure name: "Edges/s" -> "edges_per_second".
std::string metric_key(std::string_view name) {
  if (name == "GTEPS") return "gteps";
  if (name == "GB/s") return "gbytes_per_second";
  std::string key;
  for (const char c : name.substr(0, name.find('/'))) key += static_cast<char>(std::tolower(c));
  return key + "_per_second";
}

/// Mean of one figure over the trials: arithmetic for times, harmonic for rates (zero rates,
/// from runs too short to time, left out).
class figure_mean {
 public:
  explicit figure_mean(bool rate) : rate_(rate) {}
  void add(double value) {
    if (!rate_) {
      sum_ += value;
      ++count_;
    } else if (value > 0) {
      sum_ += 1 / value;
      ++count_;
    }
  }
  double value() const {
    if (count_ == 0 || sum_ <= 0) return 0.0;
    return rate_ ? count_ / sum_ : sum_ / count_;
  }

 private:
  bool rate_;
  double sum_ = 0;
  int count_ = 0;
};

/// One untimed warm-up of `run_once(trial, validate)`, then --trials timed runs, printed and
/// gathered into a result row: "trials" (each with its record's fields), "average_seconds",
/// the metric, the figures and "result" (the last trial's record).
template <class Loaded, class Device, class RunOnce>
nlohmann::json time_trials(const algorithm_command& algorithm, const Loaded& loaded, const Device& on_device,
                           RunOnce&& run_once, const bench_arguments& args, bool& all_passed) {
  fmt::print("Algorithm:          {}\n", algorithm.name());
  run_once(0, false);  // warm-up: first-touch pages, caches, JIT

  nlohmann::json trials = nlohmann::json::array();
  figure_mean seconds(false), metric(true);
  std::string metric_name;
  std::vector<run_figure> figures;
  std::vector<figure_mean> figure_means;
  nlohmann::json last_record;
  for (int i = 0; i < args.trials; ++i) {
    const run_report run = run_once(i, args.validate);
    metric_name = run.metric_name;
    if (run.source) fmt::print("Source:             {}\n", *run.source);
    fmt::print("Trial Time:         {:.5f}\n", run.seconds);
    fmt::print("{:<20}{:.6g}\n", "Trial " + run.metric_name + ":", run.metric);
    nlohmann::json trial = {
        {"seconds", run.seconds}, {"iterations", run.iterations}, {metric_key(metric_name), run.metric}};
    if (run.source) trial["source"] = *run.source;
    for (const auto& [key, value] : run.record.items()) trial.emplace(key, value);
    if (figure_means.empty())
      for (const run_figure& f : run.figures) figure_means.emplace_back(f.rate);
    for (std::size_t k = 0; k < run.figures.size(); ++k) {
      const run_figure& f = run.figures[k];
      fmt::print("{:<20}{:.6g}\n", "Trial " + f.name + ": ", f.value);
      trial[f.key] = f.value;
      figure_means[k].add(f.value);
    }
    if (!run.validation_note.empty()) fmt::print("Verification: SKIPPED: {}\n", run.validation_note);
    if (run.verdict) {
      fmt::print("Verification: {}\n", run.verdict->ok ? "PASS" : "FAIL: " + run.verdict->message);
      trial["verified"] = run.verdict->ok;
      all_passed = all_passed && run.verdict->ok;
    }
    trials.push_back(std::move(trial));
    seconds.add(run.seconds);
    metric.add(run.metric);
    figures = run.figures;
    last_record = run.record;
  }
  fmt::print("Average Time:       {:.5f}\n", seconds.value());
  fmt::print("{:<20}{:.6g}\n", "Average " + metric_name + ":", metric.value());
  nlohmann::json row = row_header(algorithm, loaded, on_device);
  row["trials"] = std::move(trials);
  row["average_seconds"] = seconds.value();
  row[metric_key(metric_name)] = metric.value();
  for (std::size_t k = 0; k < figures.size(); ++k) {
    fmt::print("{:<20}{:.6g}\n", "Average " + figures[k].name + ": ", figure_means[k].value());
    row[figures[k].key] = figure_means[k].value();
  }
  for (auto& [key, value] : last_record.items()) row["result"][key] = value;
  return row;
}

/// Every input on every back end: `load(spec)` loads (and reports) one input, Device is
/// device_graph or device_hypergraph, `bench(loaded, on_device)` times the algorithms on it.
template <class Device, class Load, class Bench>
void bench_inputs(const std::vector<std::string>& inputs, const std::vector<backend>& backends, Load&& load,
                  Bench&& bench) {
  for (const std::string& spec : inputs) {
    const auto loaded = load(spec);
    for (const backend where : backends) {
      const Device on_device(loaded.graph, where);
      print_device(where, on_device.upload_seconds());
      bench(loaded, on_device);
    }
  }
}

/// The trials of one algorithm on one input and back end. A single-source algorithm draws its
/// sources once per input, among the vertices with out-arcs.
template <class Loaded, class Device>
nlohmann::json bench_algorithm(algorithm_command& algorithm, const Loaded& loaded, const Device& on_device,
                               const bench_arguments& args, bool& all_passed) {
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
  std::vector<vertex_t> sources;
  if (algorithm.single_source())
    sources = random_sources(loaded.graph, args.sources > 0 ? args.sources : args.trials, args.seed);
  const auto run_once = [&](int trial, bool validate) {
    request.validate = validate;
    if (!sources.empty()) request.source = sources[static_cast<std::size_t>(trial) % sources.size()];
    return algorithm.run(request);
  };
  return time_trials(algorithm, loaded, on_device, run_once, args, all_passed);
}

void bench_command(const bench_arguments& args) {
  std::vector<algorithm_command*> algorithms;
  for (const std::string& name : args.algorithms) algorithms.push_back(&find_algorithm(name));
  const input_kind input = algorithms.front()->input();
  const bool hyper = input == input_kind::hypergraph;
  for (const algorithm_command* algorithm : algorithms)
    if (algorithm->input() != input)
      throw error(
          error_kind::invalid_argument,
          fmt::format("--algorithm: {} and {} need different inputs (a graph and a hypergraph); bench them "
                      "separately",
                      algorithms.front()->name(), algorithm->name()));
  if (hyper)
    for (const CLI::Option* option : args.graph_only)
      if (option->count() > 0)
        throw error(error_kind::invalid_argument,
                    fmt::format("{} does not apply to the hypergraph algorithms", option->get_name()));
  // An option an algorithm added applies only when that algorithm is benched.
  for (const auto& [option, owner] : args.algorithm_options)
    if (option->count() > 0 && std::find(algorithms.begin(), algorithms.end(), owner) == algorithms.end())
      throw error(error_kind::invalid_argument, fmt::format("{} applies to {} only, which is not benched",
                                                            option->get_name(), owner->name()));
  const std::vector<backend> backends = chosen_backends(args.devices);
  std::vector<std::string> graphs = args.graphs;
  if (graphs.empty())
    graphs.push_back(hyper ? fmt::format("hyper:{}", kDefaultHyperPinsMillions)
                           : fmt::format("kron:{}:{}", args.kron_scale, args.edge_factor));

  nlohmann::json results = nlohmann::json::array();
  bool all_passed = true;
  load_request request;
  request.format = args.format;
  request.read = args.read;
  if (args.directed) request.directed = true;
  if (args.undirected) request.directed = false;
  const auto bench_all = [&](const auto& loaded, const auto& on_device) {
    for (algorithm_command* algorithm : algorithms)
      results.push_back(bench_algorithm(*algorithm, loaded, on_device, args, all_passed));
  };
  if (hyper) {
    bench_inputs<device_hypergraph>(
        graphs, backends,
        [&](const std::string& spec) {
          request.graph = spec;
          loaded_hypergraph loaded = load_hypergraph(request);
          print_loaded(loaded);
          return loaded;
        },
        bench_all);
  } else {
    request.random_weights = args.random_weights;
    request.order = parse_vertex_order(args.order);
    request.keep_input = args.validate;
    bench_inputs<device_graph>(
        graphs, backends,
        [&](const std::string& spec) {
          request.graph = spec;
          loaded_graph loaded = load_graph(request);
          print_loaded(loaded, request.random_weights);
          return loaded;
        },
        bench_all);
  }
  if (!args.json.empty()) {
    const nlohmann::json document = {{"git_revision", PLEXUS_GIT_REVISION},
                                     {"timestamp", utc_timestamp()},
                                     {"trials", args.trials},
                                     {"seed", args.seed},
                                     {"results", std::move(results)}};
    write_json(args.json, document);
    fmt::print("JSON:               {}\n", args.json);
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
  sub.add_option("--sources", args->sources, "Distinct sources used in turn (default: one per trial)")
      ->check(CLI::PositiveNumber);
  sub.add_option("--seed", args->seed,
                 "Seed of the sources drawn and of what algorithms draw (hyper-lp's initial labels, bc's "
                 "sources) (default 1)");
  sub.add_flag("--validate", args->validate, "Verify every trial with the serial verifier");
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
  sub.add_option("--json", args->json, "Write the results as JSON to this file");
  sub.callback([args] { bench_command(*args); });
}

}  // namespace
}  // namespace plexus::cli

PLEXUS_COMMAND(
    "bench",
    "Time trials of the graph or hypergraph algorithms and report GTEPS, edges/s, pairs/s, pins/s or GB/s",
    plexus::cli::setup_bench);
