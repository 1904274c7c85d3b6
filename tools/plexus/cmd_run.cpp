// `plexus run ALGO [GRAPH]`: one run of bfs, sssp, cc, pagerank, lp, tc, jaccard or bc on a
// graph, or of hyper-lp, hyper-bfs or hyper-cc on a hypergraph, timed and optionally verified.
//
// Prints grep-able lines (GAPBS style): load and upload time, then for bfs / sssp the
// traversal time, iterations, vertices reached, max depth or distance, traversed edges and
// GTEPS, and for the other algorithms "Run Time:" and what analytics.hpp lists for each. A
// hypergraph given to a graph algorithm, or a graph to a hypergraph algorithm, is refused
// with one line naming the input. With
// --validate a serial verifier (plexus/verify) checks the result and prints
// "Verification: PASS" or "Verification: FAIL: <reason>" (exit status 1 on FAIL), or
// "Verification: SKIPPED: <reason>" where no affordable reference exists. Vertex ids are the
// input's own, on the command line, in files read and in files written. Without -s the
// bfs / sssp / hyper-bfs source is a vertex of maximum degree (see max_degree_source). SSSP
// on an unweighted graph counts every arc as weight 1; with --random-weights every arc gets a
// deterministic integer weight in [1, 255] instead. An option that does not apply to the
// chosen algorithm is refused by name rather than ignored.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "command.hpp"
#include "plexus/core/error.hpp"
#include "plexus/backends/backend.hpp"
#include "result_writer.hpp"
#include "run_support.hpp"

namespace plexus::cli {
namespace {

struct run_arguments {
  std::string algorithm;
  load_request load;
  std::uint64_t source = 0;
  CLI::Option* source_option = nullptr;
  std::string device = "host";
  bool validate = false;
  std::string out;
  std::string direction = "auto";
  std::string balance = "auto";
  float delta = 0;
  bool directed = false;
  bool undirected = false;
  analytics_options analytics;
  bool exact = false;  // bc's default made explicit; nothing to set
  std::string variant;
  std::string mode = "hybrid";
  std::string gather = "auto";
  std::string order = "input";
  // Options that only some algorithms take, with the algorithms that take them.
  std::vector<std::pair<CLI::Option*, std::vector<cli::algorithm>>> specific;
  CLI::Option* tolerance_option = nullptr;
  CLI::Option* max_iter_option = nullptr;
  CLI::Option* seed_option = nullptr;
  CLI::Option* alpha_option = nullptr;
  double alpha = 0;
  CLI::Option* pull_fraction_option = nullptr;
  double pull_fraction = 0;
  double beta = bfs_options{}.beta;
  double tolerance = 0;
  int max_iterations = 100;
  std::uint64_t seed = 1;
};

direction_mode parse_direction(const std::string& name) {
  if (name == "push") return direction_mode::push;
  if (name == "pull") return direction_mode::pull;
  return direction_mode::automatic;
}

intersect_method parse_mode(const std::string& name) {
  if (name == "merge") return intersect_method::merge;
  if (name == "binary") return intersect_method::binary_search;
  return intersect_method::hybrid;
}

/// Refuses options that do not apply to `which`, and turns the shared ones (--variant,
/// --tolerance, --max-iter, --seed) into the chosen algorithm's settings.
analytics_options analytics_settings(algorithm which, const run_arguments& args) {
  for (const auto& [option, takers] : args.specific)
    if (option->count() > 0 && std::find(takers.begin(), takers.end(), which) == takers.end())
      throw error(error_kind::invalid_argument,
                  fmt::format("{} does not apply to {}", option->get_name(), to_string(which)));
  analytics_options options = args.analytics;
  options.validate = args.validate;
  options.intersect = parse_mode(args.mode);
  if (which == algorithm::pagerank) {
    if (args.variant == "graphalytics")
      options.pagerank.variant = pagerank_variant::graphalytics;
    else if (!args.variant.empty() && args.variant != "networkx")
      throw error(error_kind::invalid_argument,
                  fmt::format("--variant {}: pagerank takes networkx or graphalytics", args.variant));
    if (args.tolerance_option->count() > 0) options.pagerank.tolerance = args.tolerance;
    if (args.max_iter_option->count() > 0) options.pagerank.max_iterations = args.max_iterations;
    options.pagerank.gather = args.gather == "vertex"      ? pagerank_gather::vertex_order
                              : args.gather == "clustered" ? pagerank_gather::hub_clustered
                                                           : pagerank_gather::automatic;
  }
  if (which == algorithm::lp) {
    if (args.variant == "randomized")
      options.lp.variant = lp_variant::randomized;
    else if (args.variant == "cdlp")
      options.lp.variant = lp_variant::cdlp;
    else if (!args.variant.empty() && args.variant != "synchronous")
      throw error(error_kind::invalid_argument,
                  fmt::format("--variant {}: lp takes synchronous, randomized or cdlp", args.variant));
    if (args.tolerance_option->count() > 0) options.lp.tolerance = args.tolerance;
    if (args.max_iter_option->count() > 0) options.lp.max_iterations = args.max_iterations;
    options.lp.seed = args.seed;
  }
  if (which == algorithm::hyper_lp) {
    if (args.tolerance_option->count() > 0) options.hyper_lp.tolerance = args.tolerance;
    if (args.max_iter_option->count() > 0)
      options.hyper_lp.max_iterations = static_cast<std::uint32_t>(args.max_iterations);
    options.hyper_lp.seed = args.seed;
  }
  if (which == algorithm::hyper_bfs) options.hyper_bfs.balance = parse_load_balance(args.balance);
  options.bc_seed = args.seed;
  // --out of tc lists the triangles of every vertex, so they must be counted.
  if (which == algorithm::tc && !args.out.empty()) options.per_vertex = true;
  return options;
}

/// Prints and checks one non-traversal run; exit status 1 when verification fails.
void report_analytics(algorithm which, const analytics_run& run, const run_arguments& args) {
  if (run.source) fmt::print("Source:             {}\n", *run.source);
  fmt::print("{:<20}{:.5f}\n", "Run Time:", run.seconds);
  for (const auto& [name, value] : run.lines) fmt::print("{:<20}{}\n", name + ": ", value);
  for (const run_figure& f : run.figures) fmt::print("{:<20}{:.6g}\n", f.name + ": ", f.value);
  fmt::print("{:<20}{:.6g}\n", run.metric_name + ":", run.metric);
  if (!args.out.empty()) {
    if (!run.write)
      throw error(error_kind::invalid_argument, fmt::format("{} writes no --out file", to_string(which)));
    run.write(args.out);
    fmt::print("Output:             {}\n", args.out);
  }
  if (!run.validation_note.empty()) fmt::print("Verification: SKIPPED: {}\n", run.validation_note);
  if (run.verdict) {
    if (run.verdict->ok) {
      fmt::print("Verification: PASS\n");
    } else {
      fmt::print("Verification: FAIL: {}\n", run.verdict->message);
      throw CLI::RuntimeError(1);  // exit status 1 without a second message
    }
  }
}

/// hyper-lp, hyper-bfs and hyper-cc: load the hypergraph, upload it, run and report.
void run_hypergraph_command(algorithm which, backend where, const run_arguments& args) {
  analytics_options options = analytics_settings(which, args);
  const loaded_hypergraph loaded = load_hypergraph(args.load);
  print_loaded(loaded);
  if (args.source_option->count() > 0)
    options.hyper_source = internal_source(loaded.graph, args.source, loaded.name);
  const device_hypergraph on_device(loaded.graph, where);
  print_device(where, on_device.upload_seconds());
  report_analytics(which, run_hypergraph_analytics(which, on_device, options), args);
}

void run_command(const run_arguments& args) {
  const algorithm which = parse_algorithm(args.algorithm);
  // Option misuse is reported before the graph is loaded.
  analytics_settings(which, args);
  const backend where = parse_backend(args.device);
  require_backend(where);
  if (is_hypergraph_algorithm(which)) return run_hypergraph_command(which, where, args);

  load_request request = args.load;
  request.order = parse_vertex_order(args.order);
  if (args.directed) request.directed = true;
  if (args.undirected) request.directed = false;
  const loaded_graph loaded = load_graph(request);
  const csr_graph& graph = loaded.graph;
  fmt::print(
      "Graph:              {} ({} vertices, {} {}, {})\n", loaded.name, graph.num_vertices(),
      graph.num_logical_edges(), graph.directed() ? "arcs" : "edges",
      graph.weighted() ? (args.load.random_weights ? "random weights 1..255" : "weighted") : "unweighted");
  fmt::print("Load Time:          {:.5f}\n", loaded.load_seconds);
  if (loaded.order != vertex_order::input) fmt::print("Vertex Order:       {}\n", to_string(loaded.order));
  if (which == algorithm::sssp && !graph.weighted()) fmt::print("Weights:            1 (unweighted graph)\n");

  if (!is_traversal(which)) {
    const device_graph on_device(graph, where);
    print_device(where, on_device.upload_seconds());
    report_analytics(which, run_analytics(which, on_device, analytics_settings(which, args)), args);
    return;
  }
  const vertex_t source = args.source_option->count() > 0 ? internal_source(graph, args.source, loaded.name)
                                                          : max_degree_source(graph);

  const device_graph on_device(graph, where);
  print_device(where, on_device.upload_seconds());

  traversal_options options;
  options.validate = args.validate;
  options.bfs.direction = parse_direction(args.direction);
  options.bfs.balance = parse_load_balance(args.balance);
  if (args.alpha_option->count() > 0) options.bfs.alpha = args.alpha;
  options.bfs.beta = args.beta;
  options.sssp.balance = options.bfs.balance;
  options.sssp.delta = args.delta;
  options.sssp.direction = options.bfs.direction;
  if (args.pull_fraction_option->count() > 0) options.sssp.pull_fraction = args.pull_fraction;
  const traversal t = run_traversal(which, on_device, source, options);

  fmt::print("Source:             {}\n", graph.original_id(source));
  fmt::print("Traversal Time:     {:.5f}\n", t.seconds);
  fmt::print("Iterations:         {}\n", t.iterations);
  fmt::print("Vertices Reached:   {}\n", t.reached);
  if (which == algorithm::bfs)
    fmt::print("Max Depth:          {}\n", t.max_value);
  else
    fmt::print("Max Distance:       {}\n", t.max_value);
  fmt::print("Edges Traversed:    {}\n", t.traversed_edges);
  fmt::print("GTEPS:              {:.6g}\n", t.gteps);

  if (!args.out.empty()) {
    if (t.bfs)
      write_bfs_result(args.out, graph, t.bfs->depth, t.bfs->parent);
    else
      write_sssp_result(args.out, graph, t.sssp->distance, t.sssp->parent);
    fmt::print("Output:             {}\n", args.out);
  }
  if (t.verdict) {
    if (t.verdict->ok) {
      fmt::print("Verification: PASS\n");
    } else {
      fmt::print("Verification: FAIL: {}\n", t.verdict->message);
      throw CLI::RuntimeError(1);  // exit status 1 without a second message
    }
  }
}

void setup_run(CLI::App& sub) {
  auto args = std::make_shared<run_arguments>();
  sub.add_option(
         "algorithm", args->algorithm,
         "Algorithm to run: bfs, sssp, cc, pagerank, lp, tc, jaccard, bc (graphs) or hyper-lp, hyper-bfs, "
         "hyper-cc (hypergraphs)")
      ->required()
      ->check(CLI::IsMember(algorithm_names()));
  sub.add_option(
      "graph", args->load.graph,
      "Graph or hypergraph file, kron:SCALE[:EDGEFACTOR] or hyper:PINS_MILLIONS (default: a generated "
      "kron:16:16 graph, or hyper:1 for the hypergraph algorithms)");
  args->source_option = sub.add_option(
      "-s,--source", args->source, "Source vertex in the input's ids (default: a vertex of maximum degree)");
  sub.add_option("--device", args->device, fmt::format("Back end: {} (default host)", fmt::join(backend_names(), ", ")))
      ->check(CLI::IsMember(backend_names()));
  sub.add_flag("--validate", args->validate, "Check the result with the serial verifier");
  sub.add_option(
      "--out", args->out,
      "Write the result per vertex to this file: vertex<TAB>depth|distance<TAB>parent (bfs, sssp), "
      "vertex<TAB>value otherwise (hyper-bfs: depth; hyper-lp, hyper-cc: label)");
  sub.add_option("--direction", args->direction, "BFS and SSSP direction: auto, push or pull")
      ->check(CLI::IsMember({"auto", "push", "pull"}));
  sub.add_option(
      "--balance", args->balance,
      "Load balancing: auto, thread_mapped, warp_mapped, block_mapped, degree_bucketed, edge_balanced");
  sub.add_option("--delta", args->delta, "SSSP bucket width (default: chosen from the weights)")
      ->check(CLI::NonNegativeNumber);
  auto* directed = sub.add_flag("--directed", args->directed, "Keep arcs directed whatever the file says");
  auto* undirected = sub.add_flag("--undirected", args->undirected, "Symmetrize the graph");
  directed->excludes(undirected);
  sub.add_option(
      "--format", args->load.format,
      "Input format (mtx, snap, el, wel, gr, metis, konect, csv, plx; hypergraphs: benson, chodrow, "
      "hmetis, json, plain)");
  sub.add_flag("--random-weights", args->load.random_weights,
               "Replace weights by deterministic uniform integers in [1, 255]");
  auto* order = sub.add_option("--order", args->order,
                               "Vertex order in memory: input, or degree (hubs first; output still in the "
                               "input's ids)")
                    ->check(CLI::IsMember({"input", "degree"}));
  analytics_options& a = args->analytics;
  using enum algorithm;
  auto only = [&](CLI::Option* option, std::vector<algorithm> takers) {
    args->specific.emplace_back(option, std::move(takers));
    return option;
  };
  only(args->source_option, {bfs, sssp, hyper_bfs});
  args->alpha_option =
      only(sub.add_option("--alpha", args->alpha,
                          "bfs: pull when frontier edges > unexplored edges / ALPHA (default 15 on "
                          "the host, 80 on GPUs)")
               ->check(CLI::PositiveNumber),
           {bfs});
  args->pull_fraction_option =
      only(sub.add_option("--pull-fraction", args->pull_fraction,
                          "sssp: pull the rounds whose near set holds more than this fraction of the arcs "
                          "(default 0.5 on the host, 0.3 on GPUs)")
               ->check(CLI::Range(0.0, 1.0)),
           {sssp});
  only(
      sub.add_option("--beta", args->beta, "bfs: push again when the frontier < vertices / BETA (default 18)")
          ->check(CLI::PositiveNumber),
      {bfs});
  for (const char* name : {"--direction", "--delta", "--random-weights"})
    only(sub.get_option(name), {bfs, sssp});
  only(sub.get_option("--balance"), {bfs, sssp, hyper_bfs});
  const std::vector<algorithm> graphs(std::begin(kGraphAlgorithms), std::end(kGraphAlgorithms));
  only(directed, graphs);
  only(order, graphs);
  only(undirected, graphs);
  only(sub.add_option("--damping", a.pagerank.damping, "PageRank damping factor (default 0.85)"), {pagerank});
  args->tolerance_option =
      only(sub.add_option("--tolerance", args->tolerance,
                          "PageRank: per-vertex L1 change to stop at (default 1e-6); lp: fraction of labels "
                          "changed to stop at (default 0); hyper-lp: the same in [0, 1] (default 1e-6)")
               ->check(CLI::NonNegativeNumber),
           {pagerank, lp, hyper_lp});
  args->max_iter_option =
      only(sub.add_option("--max-iter", args->max_iterations,
                          "Iteration limit of pagerank / lp / hyper-lp (default 100; exact "
                          "count for graphalytics and cdlp)")
               ->check(CLI::NonNegativeNumber),
           {pagerank, lp, hyper_lp});
  only(sub.add_option("--personalization", a.personalization,
                      "PageRank personalization: \"vertex value\" lines, unlisted vertices 0")
           ->check(CLI::ExistingFile),
       {pagerank});
  only(sub.add_option(
           "--variant", args->variant,
           "pagerank: networkx (default) or graphalytics; lp: synchronous (default), randomized or cdlp"),
       {pagerank, lp});
  args->seed_option =
      only(sub.add_option("--seed", args->seed,
                          "Seed of lp randomized ties, of bc -k or of hyper-lp's initial labels (default 1)"),
           {lp, bc, hyper_lp});
  only(sub.add_option(
              "--gather", args->gather,
              "pagerank: read contributions hub-clustered (clustered) or in vertex order (vertex); auto "
              "(default): vertex order when the graph is already in degree order, else clustered")
           ->check(CLI::IsMember({"auto", "clustered", "vertex"})),
       {pagerank});
  only(sub.add_option("--rounds", a.cc.neighbor_rounds,
                      "cc: neighbours each vertex links before the largest component is sampled (default 2)")
           ->check(CLI::NonNegativeNumber),
       {cc});
  only(sub.add_option("--samples", a.cc.sample_size,
                      "cc: vertices sampled to find the largest intermediate component (default 1024)")
           ->check(CLI::PositiveNumber),
       {cc});
  only(sub.add_flag("--per-vertex", a.per_vertex, "tc: also count the triangles through each vertex"), {tc});
  only(sub.add_option("--mode", args->mode, "Intersection: hybrid (default), merge or binary")
           ->check(CLI::IsMember({"hybrid", "merge", "binary"})),
       {jaccard, tc});
  auto* top_k =
      only(sub.add_option("--top-k", a.top_k, "jaccard: the K most similar neighbours of every vertex")
               ->check(CLI::PositiveNumber),
           {jaccard});
  auto* pairs = only(sub.add_option("--pairs", a.pairs, "jaccard: score the \"u v\" pairs of this file")
                         ->check(CLI::ExistingFile),
                     {jaccard});
  top_k->excludes(pairs);
  auto* sources =
      only(sub.add_option("--sources", a.bc_sources, "bc: source vertices, comma-separated")->delimiter(','),
           {bc});
  auto* samples = only(sub.add_option("-k", a.bc_samples, "bc: this many sources drawn with --seed")
                           ->check(CLI::PositiveNumber),
                       {bc});
  auto* exact = only(sub.add_flag("--exact", args->exact, "bc: every vertex a source (the default)"), {bc});
  sources->excludes(samples);
  exact->excludes(sources)->excludes(samples);
  only(sub.add_flag("--normalized", a.normalized, "bc: NetworkX normalized scores (default: unnormalized)"),
       {bc});
  only(sub.add_flag("--endpoints", a.endpoints, "bc: paths also count for their two ends"), {bc});
  sub.callback([args] { run_command(*args); });
}

}  // namespace
}  // namespace plexus::cli

PLEXUS_COMMAND(
    "run",
    "Run one graph algorithm (bfs, sssp, cc, pagerank, lp, tc, jaccard, bc) or hypergraph algorithm "
    "(hyper-lp, hyper-bfs, hyper-cc) and report it",
    plexus::cli::setup_run);
