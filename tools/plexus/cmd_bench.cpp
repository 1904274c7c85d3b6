// `plexus bench`: timed trials of bfs, sssp, cc, pagerank, lp, tc, jaccard and bc over graphs,
// or of hyper-lp, hyper-bfs and hyper-cc over hypergraphs, and back ends (GAPBS benchmark
// protocol; Graph500 specification 2.0 for the TEPS metric).
//
// For every graph, back end and algorithm: the graph is uploaded once (upload time printed
// apart), one untimed warm-up traversal runs, then --trials timed traversals from sources
// drawn uniformly among vertices with out-arcs (seeded, --sources distinct ones used in turn).
// Each trial prints "Trial Time:" and "Trial GTEPS:"; then "Average Time:" (arithmetic mean)
// and "Average GTEPS:" (harmonic mean of the trials' TEPS, as Graph500 reports it). --json
// writes every figure, the device name, the git revision and a UTC timestamp, atomically.
// The other algorithms run with their defaults (bc from --bc-samples sources drawn with
// --seed): one untimed warm-up, then --trials timed runs, each printing "Trial Time:" and the
// figure that fits it (analytics.hpp): Edges/s for cc, tc and lp, GB/s for PageRank's gather
// (the LDBC Graphalytics variant, kBenchPageRankIterations iterations per trial),
// Pairs/s for Jaccard, GTEPS for bc; "Average Time:" and the figure at the average time.
// The hypergraph algorithms run the same way on hypergraph files or on generated
// hyper:PINS_MILLIONS hypergraphs (default hyper:1): hyper-lp reports GB/s and, per trial and
// on average, the time per iteration and each phase's time per iteration and GB/s (by the byte
// counts of hyper_label_propagation_result; initial labels drawn with --seed); hyper-bfs runs
// from a source drawn per trial as bfs does and reports Pins/s; hyper-cc reports Pins/s.
// Averages of rates are harmonic means (for equal work, the work over the mean time), of
// times arithmetic means. Graph and hypergraph algorithms are not mixed in one bench.
#include <fmt/format.h>

#include <cctype>
#include <ctime>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "command.hpp"
#include "plexus/core/error.hpp"
#include "plexus/backends/backend.hpp"
#include "result_writer.hpp"
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
  vertex_t bc_samples = 16;
  std::string json;
  std::vector<const CLI::Option*> graph_only;  // options the hypergraph algorithms refuse
};

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
nlohmann::json row_header(algorithm which, const Loaded& loaded, const Device& on_device) {
  nlohmann::json row = {{"graph", loaded.name},
                        {"algorithm", to_string(which)},
                        {"backend", to_string(on_device.where())},
                        {"device", backend_device_name(on_device.where())},
                        {"load_seconds", loaded.load_seconds},
                        {"upload_seconds", on_device.upload_seconds()}};
  row.update(describe(loaded));
  return row;
}

nlohmann::json bench_one(algorithm which, const loaded_graph& loaded, const device_graph& on_device,
                         const bench_arguments& args, bool& all_passed) {
  const csr_graph& graph = loaded.graph;
  const int distinct = args.sources > 0 ? args.sources : args.trials;
  const std::vector<vertex_t> sources = random_sources(graph, distinct, args.seed);
  traversal_options options;
  options.validate = args.validate;

  fmt::print("Algorithm:          {}\n", to_string(which));
  if (which == algorithm::sssp && !graph.weighted()) fmt::print("Weights:            1 (unweighted graph)\n");
  run_traversal(which, on_device, sources[0], {});  // warm-up: first-touch pages, caches, JIT

  nlohmann::json trials = nlohmann::json::array();
  double total_seconds = 0, inverse_teps = 0;
  for (int i = 0; i < args.trials; ++i) {
    const vertex_t source = sources[i % sources.size()];
    const traversal t = run_traversal(which, on_device, source, options);
    fmt::print("Source:             {}\n", graph.original_id(source));
    fmt::print("Trial Time:         {:.5f}\n", t.seconds);
    fmt::print("Trial GTEPS:        {:.6g}\n", t.gteps);
    nlohmann::json trial = {{"source", graph.original_id(source)},  {"seconds", t.seconds},
                            {"iterations", t.iterations},           {"vertices_reached", t.reached},
                            {"traversed_edges", t.traversed_edges}, {"gteps", t.gteps}};
    if (t.verdict) {
      fmt::print("Verification: {}\n", t.verdict->ok ? "PASS" : "FAIL: " + t.verdict->message);
      trial["verified"] = t.verdict->ok;
      all_passed = all_passed && t.verdict->ok;
    }
    trials.push_back(std::move(trial));
    total_seconds += t.seconds;
    inverse_teps += t.gteps > 0 ? 1.0 / t.gteps : 0.0;
  }
  const double average = args.trials > 0 ? total_seconds / args.trials : 0.0;
  const double harmonic_gteps = inverse_teps > 0 ? args.trials / inverse_teps : 0.0;
  fmt::print("Average Time:       {:.5f}\n", average);
  fmt::print("Average GTEPS:      {:.6g}\n", harmonic_gteps);

  nlohmann::json row = row_header(which, loaded, on_device);
  row["trials"] = std::move(trials);
  row["average_seconds"] = average;
  row["gteps"] = harmonic_gteps;
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
/// gathered into a result row: "trials", "average_seconds", the metric, the figures and
/// "result" (the last trial's record).
template <class Loaded, class Device, class RunOnce>
nlohmann::json time_trials(algorithm which, const Loaded& loaded, const Device& on_device, RunOnce&& run_once,
                           const bench_arguments& args, bool& all_passed) {
  fmt::print("Algorithm:          {}\n", to_string(which));
  run_once(0, false);  // warm-up: first-touch pages, caches, JIT

  nlohmann::json trials = nlohmann::json::array();
  figure_mean seconds(false), metric(true);
  std::string metric_name;
  std::vector<run_figure> figures;
  std::vector<figure_mean> figure_means;
  nlohmann::json last_record;
  for (int i = 0; i < args.trials; ++i) {
    const analytics_run run = run_once(i, args.validate);
    metric_name = run.metric_name;
    if (run.source) fmt::print("Source:             {}\n", *run.source);
    fmt::print("Trial Time:         {:.5f}\n", run.seconds);
    fmt::print("{:<20}{:.6g}\n", "Trial " + run.metric_name + ":", run.metric);
    nlohmann::json trial = {
        {"seconds", run.seconds}, {"iterations", run.iterations}, {metric_key(metric_name), run.metric}};
    if (run.source) trial["source"] = *run.source;
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
  nlohmann::json row = row_header(which, loaded, on_device);
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

constexpr int kBenchPageRankIterations = 10;

nlohmann::json bench_analytics(algorithm which, const loaded_graph& loaded, const device_graph& on_device,
                               const bench_arguments& args, bool& all_passed) {
  analytics_options options;
  options.bc_samples = args.bc_samples;
  options.bc_seed = args.seed;
  // A fixed amount of work per trial: NetworkX's stopping test ends after one iteration on
  // graphs of millions of vertices, so the setup kernels would be half of what is timed.
  options.pagerank.variant = pagerank_variant::graphalytics;
  options.pagerank.max_iterations = kBenchPageRankIterations;
  const auto run_once = [&](int, bool validate) {
    options.validate = validate;
    return run_analytics(which, on_device, options);
  };
  return time_trials(which, loaded, on_device, run_once, args, all_passed);
}

nlohmann::json bench_hypergraph(algorithm which, const loaded_hypergraph& loaded,
                                const device_hypergraph& on_device, const bench_arguments& args,
                                bool& all_passed) {
  analytics_options options;
  options.hyper_lp.seed = args.seed;
  std::vector<vertex_t> sources;
  if (which == algorithm::hyper_bfs)
    sources = random_sources(loaded.graph, args.sources > 0 ? args.sources : args.trials, args.seed);
  const auto run_once = [&](int trial, bool validate) {
    options.validate = validate;
    if (!sources.empty()) options.hyper_source = sources[static_cast<std::size_t>(trial) % sources.size()];
    return run_hypergraph_analytics(which, on_device, options);
  };
  return time_trials(which, loaded, on_device, run_once, args, all_passed);
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

void bench_command(const bench_arguments& args) {
  std::vector<algorithm> algorithms;
  for (const std::string& name : args.algorithms) algorithms.push_back(parse_algorithm(name));
  const bool hyper = is_hypergraph_algorithm(algorithms.front());
  for (const algorithm which : algorithms)
    if (is_hypergraph_algorithm(which) != hyper)
      throw error(
          error_kind::invalid_argument,
          fmt::format("--algorithm: {} and {} need different inputs (a graph and a hypergraph); bench them "
                      "separately",
                      to_string(algorithms.front()), to_string(which)));
  if (hyper)
    for (const CLI::Option* option : args.graph_only)
      if (option->count() > 0)
        throw error(error_kind::invalid_argument,
                    fmt::format("{} does not apply to the hypergraph algorithms", option->get_name()));
  const std::vector<backend> backends = chosen_backends(args.devices);
  std::vector<std::string> graphs = args.graphs;
  if (graphs.empty())
    graphs.push_back(hyper ? fmt::format("hyper:{}", kDefaultHyperPinsMillions)
                           : fmt::format("kron:{}:{}", args.kron_scale, args.edge_factor));

  nlohmann::json results = nlohmann::json::array();
  bool all_passed = true;
  load_request request;
  if (hyper) {
    bench_inputs<device_hypergraph>(
        graphs, backends,
        [&](const std::string& spec) {
          request.graph = spec;
          loaded_hypergraph loaded = load_hypergraph(request);
          print_loaded(loaded);
          return loaded;
        },
        [&](const loaded_hypergraph& loaded, const device_hypergraph& on_device) {
          for (const algorithm which : algorithms)
            results.push_back(bench_hypergraph(which, loaded, on_device, args, all_passed));
        });
  } else {
    request.random_weights = args.random_weights;
    request.order = parse_vertex_order(args.order);
    bench_inputs<device_graph>(
        graphs, backends,
        [&](const std::string& spec) {
          request.graph = spec;
          loaded_graph loaded = load_graph(request);
          fmt::print("Graph:              {} ({} vertices, {} {})\n", loaded.name,
                     loaded.graph.num_vertices(), loaded.graph.num_logical_edges(),
                     loaded.graph.directed() ? "arcs" : "edges");
          fmt::print("Load Time:          {:.5f}\n", loaded.load_seconds);
          if (loaded.order != vertex_order::input)
            fmt::print("Vertex Order:       {}\n", to_string(loaded.order));
          return loaded;
        },
        [&](const loaded_graph& loaded, const device_graph& on_device) {
          for (const algorithm which : algorithms)
            results.push_back(is_traversal(which)
                                  ? bench_one(which, loaded, on_device, args, all_passed)
                                  : bench_analytics(which, loaded, on_device, args, all_passed));
        });
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
  sub.add_option("--algorithm", args->algorithms,
                 "Algorithms, comma-separated: bfs,sssp,cc,pagerank,lp,tc,jaccard,bc on graphs or "
                 "hyper-lp,hyper-bfs,hyper-cc on hypergraphs (default bfs)")
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
                 "Seed of the source choice and of hyper-lp's initial labels (default 1)");
  sub.add_flag("--validate", args->validate, "Verify every trial with the serial verifier");
  auto* random_weights =
      sub.add_flag("--random-weights", args->random_weights, "Deterministic integer weights in [1, 255]");
  auto* bc_samples = sub.add_option("--bc-samples", args->bc_samples,
                                    "Sources of each bc trial, drawn with --seed (default 16)")
                         ->check(CLI::PositiveNumber);
  auto* order = sub.add_option("--order", args->order,
                               "Vertex order in memory: input, or degree (hubs first; relabelling is part of "
                               "the load time)")
                    ->check(CLI::IsMember({"input", "degree"}));
  args->graph_only = {args->kron_option, edge_factor, random_weights, bc_samples, order};
  sub.add_option("--json", args->json, "Write the results as JSON to this file");
  sub.callback([args] { bench_command(*args); });
}

}  // namespace
}  // namespace plexus::cli

PLEXUS_COMMAND(
    "bench",
    "Time trials of the graph or hypergraph algorithms and report GTEPS, edges/s, pairs/s, pins/s or GB/s",
    plexus::cli::setup_bench);
