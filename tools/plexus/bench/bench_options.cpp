// The options of `plexus bench`; see bench_options.hpp.
#include "bench_options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "plexus/backends/backend.hpp"

namespace plexus::cli {

void add_bench_options(CLI::App& sub, bench_arguments& args) {
  sub.add_option(
         "--algorithm", args.algorithms,
         fmt::format("Algorithms, comma-separated, all on graphs or all on hypergraphs: {} (default bfs)",
                     fmt::join(algorithm_names(), ", ")))
      ->delimiter(',')
      ->check(CLI::IsMember(algorithm_names()));
  auto* graph = sub.add_option("--graph", args.graphs,
                               "Graph files or kron:SCALE[:EDGEFACTOR] specs; for the hypergraph algorithms, "
                               "hypergraph files or hyper:PINS_MILLIONS specs (default hyper:1)");
  args.kron_option =
      sub.add_option("--kron", args.kron_scale, "Benchmark a Kronecker graph of 2^SCALE vertices")
          ->check(CLI::Range(1, 31));
  args.kron_option->excludes(graph);
  auto* edge_factor = sub.add_option("--edge-factor", args.edge_factor,
                                     "Arcs per vertex of the Kronecker graph (default 16)")
                          ->check(CLI::PositiveNumber);
  sub.add_option("--device", args.devices, "Back ends, comma-separated (default: every available one)")
      ->delimiter(',')
      ->check(CLI::IsMember(backend_names()));
  sub.add_option(
         "--trials", args.trials,
         fmt::format("Timed trials per graph, back end and algorithm (default 16, at most {})", kMaxTrials))
      ->check(CLI::Range(1, kMaxTrials));
  sub.add_option("--sources", args.sources,
                 "Distinct sources of the single-source algorithms, used in turn (default: one per trial)")
      ->check(CLI::PositiveNumber);
  sub.add_option("--sources-from", args.sources_from,
                 "Draw sources among the vertices with an out-arc of the largest weakly connected component "
                 "(largest, the default, as GAPBS's benchmarks are run) or of the whole graph (all)")
      ->check(CLI::IsMember({"largest", "all"}));
  sub.add_option("--seed", args.seed,
                 "Seed of the sources drawn and of what algorithms draw (hyper-lp's initial labels, bc's "
                 "sources) (default 1)");
  sub.add_flag("--validate", args.validate, "Verify every trial with the serial verifier");
  sub.add_flag("--verbose", args.verbose, "Also print every trial: its source, time and figures");
  sub.add_flag("--quiet", args.quiet, "Print only the statistics lines and failures (no progress)");
  auto* random_weights =
      sub.add_flag("--random-weights", args.random_weights, "Deterministic integer weights in [1, 255]");
  auto* order = sub.add_option("--order", args.order,
                               "Vertex order in memory: input, or degree (hubs first; relabelling is part of "
                               "the load time)")
                    ->check(CLI::IsMember({"input", "degree"}));
  sub.add_option("--format", args.format, "Format of the --graph files (default: from each name, or content)");
  auto* directed = sub.add_flag("--directed", args.directed, "Keep the arcs of --graph files directed");
  auto* undirected = sub.add_flag("--undirected", args.undirected, "Symmetrize the --graph files")->excludes(directed);
  add_read_settings(sub, args.read, true);
  args.graph_only = {args.kron_option,
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
      args.algorithm_options.emplace_back(options[i], algorithm);
      if (algorithm->input() == input_kind::graph) args.graph_only.push_back(options[i]);
    }
  }
  args.graph_only.push_back(
      sub.add_option("--engine", args.engines,
                     "Engines to compare with the in-memory run, comma-separated: auto, out-of-core, subway, "
                     "zero-copy, managed, managed-fits; each row checks its answers against the in-memory ones")
          ->delimiter(',')
          ->check(CLI::IsMember({"auto", "in-memory", "out-of-core", "subway", "zero-copy", "managed", "managed-fits"})));
  args.graph_only.push_back(
      sub.add_option("--device-memory-limit", args.limits,
                     "Device memory limits (e.g. 16G,12G,8G), each engine but in-memory and managed-fits running "
                     "under each (auto when no --engine is given)")
          ->delimiter(','));
  sub.add_flag("--portability", args.portability,
               "After the statistics, each back end's efficiency (the bandwidth of the bytes the algorithm moves, "
               "over the device's copy bandwidth) and the performance portability over the back ends, PP "
               "(docs/performance/portability.md)")
      ->excludes(sub.get_option("--engine"))
      ->excludes(sub.get_option("--device-memory-limit"));
  auto* distributed = sub.add_flag(
      "--distributed", args.distributed,
      "Bench the distributed algorithms over the ranks of an mpirun job (one rank without mpirun) "
      "against the single-device run on rank 0; --graph is a .plx file, each rank reading its slice, "
      "or kron:SCALE[:EDGEFACTOR] (default: every algorithm that runs distributed)");
  sub.add_flag("--no-baseline", args.no_baseline,
               "With --distributed: no single-device run (rank 0 would load the whole graph), for graphs too "
               "large for one rank: no speedup, and the results checked only with --validate")
      ->needs(distributed);
  sub.add_option("--gpus", args.gpus,
                 "With --distributed: start N ranks on this machine, one per CUDA GPU, connected over NCCL "
                 "(instead of mpirun -np N)")
      ->needs(distributed)
      ->check(CLI::Range(1, 1024));
  sub.add_option("--transport", args.transport,
                 "With --distributed: how GPU ranks exchange: nccl (GPU to GPU; the default for CUDA over "
                 "several ranks when built) or mpi (through host memory)")
      ->needs(distributed)
      ->check(CLI::IsMember({"mpi", "nccl"}));
  sub.add_option("--comm-timeout", args.comm_timeout,
                 "With --distributed: the longest a rank waits for the others in one collective, in seconds, "
                 "the single-device run on rank 0 included (default 600)")
      ->needs(distributed)
      ->check(CLI::PositiveNumber);
  sub.add_option("--json", args.json,
                 "Write every trial and the statistics as JSON to this file ('-': standard output, the "
                 "lines then going to standard error)");
}

source_request sources_asked(const bench_arguments& args) {
  return {args.sources > 0 ? args.sources : args.trials, args.trials, args.seed,
          parse_source_pool(args.sources_from)};
}

void set_trial_options(const bench_arguments& args, std::FILE* lines, std::FILE* results,
                       trial_context& context) {
  context.trials = args.trials;
  context.validate = args.validate;
  context.verbose = args.verbose;
  context.lines = lines;
  context.results = results;
}

}  // namespace plexus::cli
