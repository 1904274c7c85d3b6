// `plexus run ALGORITHM [GRAPH]`: one run of a registered algorithm (cli/algorithm_command.hpp)
// on a graph, or on a hypergraph for the hyper-* algorithms, timed and optionally verified.
//
// Each algorithm is a subcommand of `run` with the options it declares besides the common ones
// (the input, --device, --validate, --out, --format, --max-inflate, and for graphs --directed,
// --undirected, --weight-column, --self-loops, --vertex-file and --order); `plexus run NAME
// --help` lists them. An option another algorithm takes is
// refused by name ("--top-k does not apply to bfs") rather than ignored, and a hypergraph given
// to a graph algorithm, or a graph to a hypergraph algorithm, is refused with one line naming
// the input.
//
// Prints grep-able lines (GAPBS style, aligned: report_line.hpp): load and upload time, the
// run's time under the name the algorithm gives it ("Traversal Time:" for traversals, "Run
// Time:" otherwise), its lines and figures, and its benchmark figure. With --validate a serial
// verifier checks the result and "Verification: PASS" or "Verification: FAIL: <reason>" is
// printed (exit status 1 on FAIL), or "Verification: SKIPPED: <reason>" where no affordable
// reference exists. "Total Time:" ends the report: the wall time since the program started,
// everything the user waited for included. Vertex ids are the input's own, on the command
// line, in files read and in files written.
//
// Before any work, the device is checked and so is --out (io::check_output: the folder exists
// and takes a new file, or the path is a device, a FIFO or standard output), so a wrong
// output fails at once rather than after the run. With "--out -" the result goes to standard
// output and the lines to standard error, so that the result can be piped; --json prints the
// lines' facts as one JSON object instead (run_summary.hpp); --quiet prints nothing but
// failures. The lines come out once the algorithm has taken its options (held_lines.hpp): an
// option checked against the loaded input (a source that is no vertex of it) refuses the
// command with standard output empty.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "common/command.hpp"
#include "common/device_choice.hpp"
#include "common/error_output.hpp"
#include "common/held_lines.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/core/error.hpp"
#include "common/progress_display.hpp"
#include "run_distributed.hpp"
#include "run_engine.hpp"
#include "run_memory.hpp"
#include "run_output.hpp"
#include "run_summary.hpp"
#include "run_support.hpp"

namespace plexus::cli {
namespace {

/// What every algorithm's subcommand takes.
struct common_arguments {
  algorithm_command* algorithm = nullptr;
  load_request load;
  load_settings settings;
  std::string device = "host";
  bool validate = false;
  std::string out;
  std::string order = "input";
  bool directed = false, undirected = false;
  bool json = false, quiet = false;
  memory_settings memory;
  engine_settings engine;
  bool distributed = false;  // --distributed, with --out-per-rank and --comm-timeout
  std::string out_per_rank;
  double comm_timeout = 600;
  int gpus = 0;
  std::string transport;
  /// The options a distributed run takes: the common ones it reads and the algorithm's own.
  std::vector<const CLI::Option*> distributed_takes;

  output_choice output() const { return {out, json, quiet}; }
};

/// The distributed run's arguments, once every option given is one it takes.
distributed_arguments distributed_run_of(const CLI::App& sub, const common_arguments& args) {
  for (const CLI::Option* option : sub.get_options()) {
    if (option->count() == 0 || option->get_name().empty()) continue;
    if (std::find(args.distributed_takes.begin(), args.distributed_takes.end(), option) ==
        args.distributed_takes.end())
      throw error(error_kind::invalid_argument,
                  fmt::format("{} does not apply to --distributed", option->get_name()));
  }
  distributed_arguments d;
  d.algorithm = args.algorithm;
  d.validate = args.validate;
  d.json = args.json;
  d.quiet = args.quiet;
  d.out = args.out;
  d.out_per_rank = args.out_per_rank;
  distributed_settings& s = d.settings;
  s.graph = args.load.graph;
  s.format = args.load.format;
  if (args.directed) s.directed = true;
  if (args.undirected) s.directed = false;
  s.device = args.device;
  s.comm_timeout_seconds = args.comm_timeout;
  s.gpus = args.gpus;
  s.transport = args.transport;
  // --gpus runs on CUDA GPUs: it names the device unless --device did.
  if (s.gpus > 0 && sub.get_option("--device")->count() == 0) s.device = "cuda";
  s.usage_hint = usage_hint(sub);
  return d;
}

/// The first argument a subcommand left unparsed, refused by name: an option of another
/// algorithm "does not apply" to this one; anything else is unknown.
void refuse_leftovers(const CLI::App& sub, const CLI::App& run, const std::string& algorithm) {
  const std::vector<std::string> left = sub.remaining();
  if (left.empty()) return;
  const std::string& first = left.front();
  if (first.empty() || first[0] != '-')
    throw error(error_kind::invalid_argument, fmt::format("{}: unexpected argument '{}'", algorithm, first));
  const std::string name = first.substr(0, first.find('='));
  for (const CLI::App* other : run.get_subcommands({}))
    if (const CLI::Option* option = other->get_option_no_throw(name))
      throw error(error_kind::invalid_argument,
                  fmt::format("{} does not apply to {}", option->get_name(), algorithm));
  throw error(error_kind::invalid_argument, fmt::format("{}: unknown option {}", algorithm, name));
}

/// An option given between `run` and the algorithm's name is refused: the options depend on
/// the algorithm, so they follow its name.
void refuse_options_before(const CLI::App& run, const std::string& algorithm) {
  const std::vector<std::string> left = run.remaining();
  if (!left.empty())
    throw error(
        error_kind::invalid_argument,
        fmt::format("run: options follow the algorithm: plexus run {} [GRAPH] {}", algorithm, left.front()));
}

/// Runs the algorithm, with a progress line when it takes long; an allocation that fails says
/// it failed while running, an input the algorithm cannot take is named.
run_report run_in_stage(algorithm_command& algorithm, const run_request& request, backend where) {
  progress_display progress(algorithm.name());
  return in_stage(fmt::format("running {} on {}", algorithm.name(), to_string(where)),
                  [&] { return naming_input(request, [&] { return algorithm.run(request); }); });
}

/// Reports the run; exit status 1 when verification fails.
void finish_run(const run_report& report, const common_arguments& args, const run_streams& streams,
                held_lines& lines, nlohmann::ordered_json& summary) {
  if (!report_run(report, args.algorithm->name(), args.output(), streams, lines, summary))
    throw CLI::RuntimeError(1);  // exit status 1 without a second message
}

/// Loads the input, runs the algorithm on it and reports; `lines` holds the lines printed
/// before the report.
void load_run_and_report(const common_arguments& args, backend where, const run_streams& streams,
                         held_lines& lines) {
  algorithm_command& algorithm = *args.algorithm;
  run_request request;
  request.validate = args.validate;
  request.writes_output = !args.out.empty();
  request.input_name = args.load.graph;
  nlohmann::ordered_json summary = {{"algorithm", algorithm.name()}};
  if (algorithm.input() == input_kind::hypergraph) {
    const loaded_hypergraph loaded = load_hypergraph(args.load);
    print_loaded(loaded, lines.stream());
    summary.update(describe_input(loaded));
    run_memory memory(algorithm, loaded.name, shape_of(loaded.graph), where, args.memory);
    memory.enter_in_memory();
    const device_hypergraph on_device =
        in_stage(fmt::format("uploading {} to {}", loaded.name, to_string(where)),
                 [&] { return device_hypergraph(loaded.graph, where); });
    print_device(where, on_device.upload_seconds(), lines.stream());
    summary.update(describe_device(where, on_device.upload_seconds()));
    request.hypergraph = &on_device;
    request.input_name = loaded.name;
    request.origin = loaded.origin;
    memory.start_run();
    const run_report report = run_in_stage(algorithm, request, where);
    memory.report(lines.stream(), summary);
    finish_run(report, args, streams, lines, summary);
    return;
  }
  load_request load = args.load;
  load.order = parse_vertex_order(args.order);
  load.random_weights = args.settings.random_weights;
  load.keep_input = args.validate;
  if (args.directed) load.directed = true;
  if (args.undirected) load.directed = false;
  const loaded_graph loaded = load_graph(load);
  print_loaded(loaded, load.random_weights, lines.stream());
  summary.update(describe_input(loaded));
  request.input_name = loaded.name;
  request.origin = loaded.origin;
  // A renumbered run is verified against the graph as the input gave it.
  if (loaded.input) {
    request.input_graph = &*loaded.input;
    request.input_vertex = loaded.input_vertex;
  }
  run_memory memory(algorithm, loaded.name, shape_of(loaded.graph), where, args.memory);
  const engine_choice engine = choose_engine(algorithm, args.engine, memory, where);
  if (engine.streaming) {
    // The arcs stay in host memory: nothing is uploaded before the run, whose setup (pinning,
    // the static region's upload) the engine reports.
    print_device(where, 0, lines.stream());
    summary.update(describe_device(where, 0));
    outofcore::engine_report engine_report;
    const streaming_run streaming{&loaded.graph, where, engine.options, &engine_report};
    request.streaming = &streaming;
    const run_report report = run_in_stage(algorithm, request, where);
    report_engine(engine, engine_report, loaded.graph.num_edges(), lines.stream(), summary);
    finish_run(report, args, streams, lines, summary);
    return;
  }
  memory.enter_in_memory();
  const device_graph on_device = in_stage(fmt::format("uploading {} to {}", loaded.name, to_string(where)),
                                          [&] { return device_graph(loaded.graph, where); });
  print_device(where, on_device.upload_seconds(), lines.stream());
  summary.update(describe_device(where, on_device.upload_seconds()));
  request.graph = &on_device;
  report_engine(engine, {}, loaded.graph.num_edges(), lines.stream(), summary);
  memory.start_run();
  const run_report report = run_in_stage(algorithm, request, where);
  memory.report(lines.stream(), summary);
  finish_run(report, args, streams, lines, summary);
}

void run_command(const common_arguments& args) {
  const backend where = chosen_device(args.device);
  const run_streams streams = plan_output(args.output(), input_files(args.load.graph, args.load.read));
  progress_display::allow(!args.quiet);
  held_lines lines(streams.lines);
  try {
    load_run_and_report(args, where, streams, lines);
  } catch (const error& e) {
    // Refused: the error line alone. Failed while running: what loaded, then why.
    if (exit_status(e.kind()) != kExitUsage) lines.release();
    throw;
  } catch (...) {
    lines.release();
    throw;
  }
}

/// `plexus run NAME`: the common options, then the algorithm's own.
void add_algorithm(CLI::App& run, algorithm_command& algorithm) {
  CLI::App* sub = run.add_subcommand(algorithm.name(), algorithm.summary());
  auto args = std::make_shared<common_arguments>();
  args->algorithm = &algorithm;
  const bool graph = algorithm.input() == input_kind::graph;
  sub->add_option("graph", args->load.graph,
                  graph
                      ? "Graph file (- for standard input) or kron:SCALE[:EDGEFACTOR] (default: a generated "
                        "kron:16:16 graph)"
                      : "Hypergraph file (- for standard input) or hyper:PINS_MILLIONS (default: a generated "
                        "hyper:1 hypergraph)");
  sub->add_option("--device", args->device,
                  fmt::format("Back end: {} (default host)", fmt::join(backend_names(), ", ")))
      ->check(CLI::IsMember(backend_names()));
  sub->add_flag("--validate", args->validate, "Check the result with the serial verifier");
  sub->add_option("--out", args->out,
                  "Write the result per vertex (or pair) to this file, in the input's ids ('-': standard "
                  "output, the other lines then going to standard error)");
  sub->add_flag("--json", args->json, "Print the run's summary as one JSON object instead of text lines");
  sub->add_flag("--quiet", args->quiet, "Print nothing but errors and a failed verification (no progress)");
  add_memory_options(*sub, args->memory);
  if (graph) add_engine_options(*sub, args->engine);
  sub->add_option("--format", args->load.format,
                  graph ? "Input format: mtx, snap, el, wel, gr, metis, konect, csv, gml, e, plx"
                        : "Input format: benson, chodrow, hmetis, json, plain, plx");
  add_read_settings(*sub, args->load.read, graph);
  if (graph) {
    auto* directed = sub->add_flag("--directed", args->directed, "Keep arcs directed whatever the file says");
    auto* undirected = sub->add_flag("--undirected", args->undirected, "Symmetrize the graph");
    directed->excludes(undirected);
    sub->add_option("--order", args->order,
                    "Vertex order in memory: input, or degree (hubs first; output still in the input's ids)")
        ->check(CLI::IsMember({"input", "degree"}));
  }
  auto* distributed =
      sub->add_flag("--distributed", args->distributed,
                    "Run over the ranks of an mpirun job (one rank without mpirun); GRAPH is a .plx "
                    "file, each rank reading its slice, or kron:SCALE[:EDGEFACTOR]");
  sub->add_option("--out-per-rank", args->out_per_rank,
                  "With --distributed: every rank writes its own vertices' result to NAME.rankR")
      ->needs(distributed);
  sub->add_option("--comm-timeout", args->comm_timeout,
                  "With --distributed: the longest a rank waits for the others in one collective, in seconds "
                  "(default 600)")
      ->needs(distributed)
      ->check(CLI::PositiveNumber);
  sub->add_option("--gpus", args->gpus,
                  "With --distributed: start N ranks on this machine, one per CUDA GPU, connected over NCCL "
                  "(instead of mpirun -np N)")
      ->needs(distributed)
      ->check(CLI::Range(1, 1024));
  sub->add_option("--transport", args->transport,
                  "With --distributed: how GPU ranks exchange: nccl (GPU to GPU; the default for CUDA over "
                  "several ranks when built) or mpi (through host memory)")
      ->needs(distributed)
      ->check(CLI::IsMember({"mpi", "nccl"}));
  for (const CLI::Option* option : sub->get_options())
    if (!option->get_name().empty())
      for (const char* taken :
           {"graph", "--device", "--validate", "--out", "--json", "--quiet", "--format", "--directed",
            "--undirected", "--distributed", "--out-per-rank", "--comm-timeout", "--gpus", "--transport"})
        if (option->get_name() == taken) args->distributed_takes.push_back(option);
  const std::size_t common = sub->get_options().size();
  algorithm.add_run_options(*sub, args->settings);
  // The algorithm's own options, but the weights bfs and sssp draw for a graph held whole.
  for (std::size_t i = common; i < sub->get_options().size(); ++i)
    if (sub->get_options()[i]->get_name() != "--random-weights")
      args->distributed_takes.push_back(sub->get_options()[i]);
  sub->allow_extras();
  sub->callback([sub, &run, args] {
    refuse_options_before(run, args->algorithm->name());
    refuse_leftovers(*sub, run, args->algorithm->name());
    if (args->distributed)
      run_distributed(distributed_run_of(*sub, *args));
    else
      run_command(*args);
  });
}

void setup_run(CLI::App& run) {
  run.require_subcommand(0, 1);
  run.allow_extras();  // so that a misplaced option or an unknown algorithm gets a clear error
  for (algorithm_command* algorithm : registered_algorithms()) add_algorithm(run, *algorithm);
  run.callback([&run] {
    if (!run.get_subcommands().empty()) return;
    const std::vector<std::string> left = run.remaining();
    const std::string choices = fmt::format("{}", fmt::join(algorithm_names(), ", "));
    if (left.empty() || left.front().starts_with('-'))
      throw error(error_kind::invalid_argument, fmt::format("run: name an algorithm first: {}", choices));
    throw error(error_kind::invalid_argument,
                fmt::format("run: unknown algorithm '{}'; the algorithms are {}", left.front(), choices));
  });
}

}  // namespace
}  // namespace plexus::cli

PLEXUS_COMMAND("run", "Run one graph or hypergraph algorithm and report it (`plexus run ALGORITHM --help`)",
               plexus::cli::setup_run);
