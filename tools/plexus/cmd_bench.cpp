// `plexus bench`: timed trials of bfs, sssp, cc, pagerank, lp, tc, jaccard and bc over graphs
// and back ends (GAPBS benchmark protocol; Graph500 specification 2.0 for the TEPS metric).
//
// For every graph, back end and algorithm: the graph is uploaded once (upload time printed
// apart), one untimed warm-up traversal runs, then --trials timed traversals from sources
// drawn uniformly among vertices with out-arcs (seeded, --sources distinct ones used in turn).
// Each trial prints "Trial Time:" and "Trial GTEPS:"; then "Average Time:" (arithmetic mean)
// and "Average GTEPS:" (harmonic mean of the trials' TEPS, as Graph500 reports it). --json
// writes every figure, the device name, the git revision and a UTC timestamp, atomically.
// The other algorithms run with their defaults (bc from --bc-samples sources drawn with
// --seed): one untimed warm-up, then --trials timed runs, each printing "Trial Time:" and the
// figure that fits it (analytics.hpp): Edges/s for cc, tc and lp, GB/s for PageRank's gather,
// Pairs/s for Jaccard, GTEPS for bc; "Average Time:" and the figure at the average time.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <cctype>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "command.hpp"
#include "plexus/core/error.hpp"
#include "plexus/exec/backend.hpp"
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
  vertex_t bc_samples = 16;
  std::string json;
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
    for (backend b : {backend::host, backend::cuda})
      if (backend_available(b)) result.push_back(b);
    return result;
  }
  for (const std::string& name : names) {
    const backend b = parse_backend(name);
    if (!backend_available(b))
      throw error(error_kind::unsupported, fmt::format("back end {} is not available on this machine", name));
    result.push_back(b);
  }
  return result;
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
    nlohmann::json trial = {{"source", graph.original_id(source)}, {"seconds", t.seconds},
                            {"iterations", t.iterations},          {"vertices_reached", t.reached},
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

  return {{"graph", loaded.name},
          {"vertices", graph.num_vertices()},
          {"edges", graph.num_logical_edges()},
          {"arcs", graph.num_edges()},
          {"directed", graph.directed()},
          {"weighted", graph.weighted()},
          {"algorithm", to_string(which)},
          {"backend", to_string(on_device.where())},
          {"device", backend_device_name(on_device.where())},
          {"load_seconds", loaded.load_seconds},
          {"upload_seconds", on_device.upload_seconds()},
          {"trials", std::move(trials)},
          {"average_seconds", average},
          {"gteps", harmonic_gteps}};
}

/// Lower-case JSON key of a figure name: "Edges/s" -> "edges_per_second".
std::string metric_key(std::string_view name) {
  if (name == "GTEPS") return "gteps";
  if (name == "GB/s") return "gbytes_per_second";
  std::string key;
  for (const char c : name.substr(0, name.find('/'))) key += static_cast<char>(std::tolower(c));
  return key + "_per_second";
}

nlohmann::json bench_analytics(algorithm which, const loaded_graph& loaded, const device_graph& on_device,
                               const bench_arguments& args, bool& all_passed) {
  const csr_graph& graph = loaded.graph;
  analytics_options options;
  options.bc_samples = args.bc_samples;
  options.bc_seed = args.seed;
  fmt::print("Algorithm:          {}\n", to_string(which));
  run_analytics(which, on_device, options);  // warm-up: first-touch pages, caches, JIT
  options.validate = args.validate;

  nlohmann::json trials = nlohmann::json::array();
  double total_seconds = 0;
  std::string metric_name;
  nlohmann::json last_record;
  for (int i = 0; i < args.trials; ++i) {
    const analytics_run run = run_analytics(which, on_device, options);
    metric_name = run.metric_name;
    fmt::print("Trial Time:         {:.5f}\n", run.seconds);
    fmt::print("{:<20}{:.6g}\n", "Trial " + run.metric_name + ":", run.metric);
    nlohmann::json trial = {{"seconds", run.seconds}, {"iterations", run.iterations}, {metric_key(metric_name), run.metric}};
    if (!run.validation_note.empty()) fmt::print("Verification: SKIPPED: {}\n", run.validation_note);
    if (run.verdict) {
      fmt::print("Verification: {}\n", run.verdict->ok ? "PASS" : "FAIL: " + run.verdict->message);
      trial["verified"] = run.verdict->ok;
      all_passed = all_passed && run.verdict->ok;
    }
    trials.push_back(std::move(trial));
    total_seconds += run.seconds;
    last_record = run.record;
  }
  const double average = args.trials > 0 ? total_seconds / args.trials : 0.0;
  // Every trial does the same work, so the figure at the average time is the work divided
  // by the mean time: the harmonic mean of the trials' rates.
  double average_metric = 0;
  if (!trials.empty() && average > 0) {
    const auto& first = trials[0];
    average_metric = first.at(metric_key(metric_name)).get<double>() * first.at("seconds").get<double>() / average;
  }
  fmt::print("Average Time:       {:.5f}\n", average);
  fmt::print("{:<20}{:.6g}\n", "Average " + metric_name + ":", average_metric);

  nlohmann::json row = {{"graph", loaded.name},
                        {"vertices", graph.num_vertices()},
                        {"edges", graph.num_logical_edges()},
                        {"arcs", graph.num_edges()},
                        {"directed", graph.directed()},
                        {"weighted", graph.weighted()},
                        {"algorithm", to_string(which)},
                        {"backend", to_string(on_device.where())},
                        {"device", backend_device_name(on_device.where())},
                        {"load_seconds", loaded.load_seconds},
                        {"upload_seconds", on_device.upload_seconds()},
                        {"trials", std::move(trials)},
                        {"average_seconds", average},
                        {metric_key(metric_name), average_metric}};
  for (auto& [key, value] : last_record.items()) row["result"][key] = value;
  return row;
}

void bench_command(const bench_arguments& args) {
  std::vector<algorithm> algorithms;
  for (const std::string& name : args.algorithms) algorithms.push_back(parse_algorithm(name));
  const std::vector<backend> backends = chosen_backends(args.devices);
  std::vector<std::string> graphs = args.graphs;
  if (graphs.empty()) graphs.push_back(fmt::format("kron:{}:{}", args.kron_scale, args.edge_factor));

  nlohmann::json results = nlohmann::json::array();
  bool all_passed = true;
  for (const std::string& spec : graphs) {
    load_request request;
    request.graph = spec;
    request.random_weights = args.random_weights;
    const loaded_graph loaded = load_graph(request);
    fmt::print("Graph:              {} ({} vertices, {} {})\n", loaded.name, loaded.graph.num_vertices(),
               loaded.graph.num_logical_edges(), loaded.graph.directed() ? "arcs" : "edges");
    fmt::print("Load Time:          {:.5f}\n", loaded.load_seconds);
    for (const backend where : backends) {
      const device_graph on_device(loaded.graph, where);
      fmt::print("Device:             {} ({})\n", to_string(where), backend_device_name(where));
      fmt::print("Upload Time:        {:.5f}\n", on_device.upload_seconds());
      for (const algorithm which : algorithms)
        results.push_back(is_traversal(which) ? bench_one(which, loaded, on_device, args, all_passed)
                                              : bench_analytics(which, loaded, on_device, args, all_passed));
    }
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
                 "Algorithms, comma-separated: bfs,sssp,cc,pagerank,lp,tc,jaccard,bc (default bfs)")
      ->delimiter(',')
      ->check(CLI::IsMember({"bfs", "sssp", "cc", "pagerank", "lp", "tc", "jaccard", "bc"}));
  auto* graph = sub.add_option("--graph", args->graphs, "Graph files or kron:SCALE[:EDGEFACTOR] specs");
  args->kron_option = sub.add_option("--kron", args->kron_scale, "Benchmark a Kronecker graph of 2^SCALE vertices")
                          ->check(CLI::Range(1, 31));
  args->kron_option->excludes(graph);
  sub.add_option("--edge-factor", args->edge_factor, "Arcs per vertex of the Kronecker graph (default 16)")
      ->check(CLI::PositiveNumber);
  sub.add_option("--device", args->devices, "Back ends, comma-separated (default: every available one)")
      ->delimiter(',')
      ->check(CLI::IsMember({"host", "cuda"}));
  sub.add_option("--trials", args->trials, "Timed trials per graph, back end and algorithm (default 16)")
      ->check(CLI::PositiveNumber);
  sub.add_option("--sources", args->sources, "Distinct sources used in turn (default: one per trial)")
      ->check(CLI::PositiveNumber);
  sub.add_option("--seed", args->seed, "Seed of the source choice (default 1)");
  sub.add_flag("--validate", args->validate, "Verify every trial with the serial verifier");
  sub.add_flag("--random-weights", args->random_weights, "Deterministic integer weights in [1, 255]");
  sub.add_option("--bc-samples", args->bc_samples, "Sources of each bc trial, drawn with --seed (default 16)")
      ->check(CLI::PositiveNumber);
  sub.add_option("--json", args->json, "Write the results as JSON to this file");
  sub.callback([args] { bench_command(*args); });
}

}  // namespace
}  // namespace plexus::cli

PLEXUS_COMMAND("bench", "Time trials of the graph algorithms and report GTEPS, edges/s, pairs/s or GB/s", plexus::cli::setup_bench);
