// `plexus run bfs|sssp [GRAPH]`: one traversal from one source, timed and optionally verified.
//
// Prints grep-able lines (GAPBS style): load, upload and traversal time, iterations, vertices
// reached, max depth or distance, traversed edges and GTEPS; with --validate a serial verifier
// (plexus/verify) checks the result and prints "Verification: PASS" or
// "Verification: FAIL: <reason>" (exit status 1 on FAIL). Sources are given and printed in
// the input's own vertex ids. Without -s the source is a vertex of maximum degree (see
// max_degree_source). SSSP on an unweighted graph counts every arc as weight 1; with
// --random-weights every arc gets a deterministic integer weight in [1, 255] instead.
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>

#include "command.hpp"
#include "plexus/core/error.hpp"
#include "plexus/exec/backend.hpp"
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
};

direction_mode parse_direction(const std::string& name) {
  if (name == "push") return direction_mode::push;
  if (name == "pull") return direction_mode::pull;
  return direction_mode::automatic;
}

void run_command(const run_arguments& args) {
  const algorithm which = parse_algorithm(args.algorithm);
  const backend where = parse_backend(args.device);
  if (!backend_available(where))
    throw error(error_kind::unsupported, fmt::format("back end {} is not available on this machine", args.device));

  load_request request = args.load;
  if (args.directed) request.directed = true;
  if (args.undirected) request.directed = false;
  const loaded_graph loaded = load_graph(request);
  const csr_graph& graph = loaded.graph;
  fmt::print("Graph:              {} ({} vertices, {} {}, {})\n", loaded.name, graph.num_vertices(),
             graph.num_logical_edges(), graph.directed() ? "arcs" : "edges",
             graph.weighted() ? (args.load.random_weights ? "random weights 1..255" : "weighted") : "unweighted");
  fmt::print("Load Time:          {:.5f}\n", loaded.load_seconds);
  if (which == algorithm::sssp && !graph.weighted()) fmt::print("Weights:            1 (unweighted graph)\n");

  const vertex_t source =
      args.source_option->count() > 0 ? internal_source(graph, args.source, loaded.name) : max_degree_source(graph);

  const device_graph on_device(graph, where);
  fmt::print("Device:             {} ({})\n", to_string(where), backend_device_name(where));
  fmt::print("Upload Time:        {:.5f}\n", on_device.upload_seconds());

  traversal_options options;
  options.validate = args.validate;
  options.bfs.direction = parse_direction(args.direction);
  options.bfs.balance = parse_load_balance(args.balance);
  options.sssp.balance = options.bfs.balance;
  options.sssp.delta = args.delta;
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
  sub.add_option("algorithm", args->algorithm, "Algorithm to run: bfs or sssp")
      ->required()
      ->check(CLI::IsMember({"bfs", "sssp"}));
  sub.add_option("graph", args->load.graph,
                 "Graph file, or kron:SCALE[:EDGEFACTOR] (default: a generated kron:16:16 graph)");
  args->source_option = sub.add_option("-s,--source", args->source,
                                       "Source vertex in the input's ids (default: a vertex of maximum degree)");
  sub.add_option("--device", args->device, "Back end: host or cuda")->check(CLI::IsMember({"host", "cuda"}));
  sub.add_flag("--validate", args->validate, "Check the result with the serial verifier");
  sub.add_option("--out", args->out, "Write vertex<TAB>depth|distance<TAB>parent lines to this file");
  sub.add_option("--direction", args->direction, "BFS direction: auto, push or pull")
      ->check(CLI::IsMember({"auto", "push", "pull"}));
  sub.add_option("--balance", args->balance,
                 "Load balancing: auto, thread_mapped, warp_mapped, block_mapped, degree_bucketed, edge_balanced");
  sub.add_option("--delta", args->delta, "SSSP bucket width (default: chosen from the weights)")
      ->check(CLI::NonNegativeNumber);
  auto* directed = sub.add_flag("--directed", args->directed, "Keep arcs directed whatever the file says");
  auto* undirected = sub.add_flag("--undirected", args->undirected, "Symmetrize the graph");
  directed->excludes(undirected);
  sub.add_option("--format", args->load.format, "Input format (mtx, snap, el, wel, gr, metis, konect, csv, plx)");
  sub.add_flag("--random-weights", args->load.random_weights,
               "Replace weights by deterministic uniform integers in [1, 255]");
  sub.callback([args] { run_command(*args); });
}

}  // namespace
}  // namespace plexus::cli

PLEXUS_COMMAND("run", "Run bfs or sssp from one source and report its time", plexus::cli::setup_run);
