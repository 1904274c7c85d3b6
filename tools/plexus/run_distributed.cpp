// `plexus run NAME GRAPH --distributed`; see run_distributed.hpp.
#include "run_distributed.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <memory>
#include <new>
#include <vector>

#include "device_choice.hpp"
#include "error_output.hpp"
#include "held_lines.hpp"
#include "plexus/cli/distributed_run.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/kronecker_slice.hpp"
#include "plexus/dist/mpi.hpp"
#include "plexus/dist/plx_slice.hpp"
#include "plexus/dist/self_communicator.hpp"
#include "plexus/io/atomic_file.hpp"
#include "progress_display.hpp"
#include "report_line.hpp"
#include "run_output.hpp"
#include "run_summary.hpp"
#include "run_support.hpp"

namespace plexus::cli {

std::optional<int> launcher_rank() {
  // Open MPI's mpirun, and PMIx or PMI launchers (srun, hydra).
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
    if (const char* value = std::getenv(name)) return std::atoi(value);
  return std::nullopt;
}

namespace {

/// What a distributed run reads: a .plx file, or a Kronecker graph each rank draws its share of.
struct distributed_input {
  std::optional<generators::kronecker_options> kronecker;
  std::filesystem::path plx;
  std::string name;       // "kron-16-16" or the file's name
  std::string direction;  // the "Direction:" line of a generated graph
};

distributed_input input_of(const distributed_arguments& args) {
  check_input_spec(args.graph, input_kind::graph);
  distributed_input input;
  if (const auto kron = kronecker_spec(args.graph, args.directed)) {
    input.kronecker = kron;
    input.name = kronecker_name(*kron);
    input.direction = kron->directed ? "directed (--directed)" : "undirected (generator default)";
    return input;
  }
  const std::filesystem::path path = args.graph;
  if (args.graph == "-")
    throw error(
        error_kind::invalid_argument,
        "--distributed reads a .plx file, each rank its own slice, not standard input: convert the graph "
        "first (plexus convert GRAPH -o GRAPH.plx)");
  if ((args.format.empty() && path.extension() != ".plx") || (!args.format.empty() && args.format != "plx"))
    throw error(error_kind::invalid_argument,
                fmt::format("{}: --distributed reads .plx files, each rank its own slice: convert it first: "
                            "plexus convert {} -o {}",
                            args.graph, args.graph, path.filename().replace_extension(".plx").string()));
  if (args.directed)
    throw error(
        error_kind::invalid_argument,
        fmt::format("{} does not apply to a .plx file under --distributed: the file stores its direction",
                    *args.directed ? "--directed" : "--undirected"));
  input.plx = path;
  input.name = path.filename().string();
  return input;
}

/// The refusals of a distributed run that every rank makes alike before MPI starts.
void refuse_what_cannot_run(const distributed_arguments& args) {
  algorithm_command& algorithm = *args.algorithm;
  if (!algorithm.distributed_lists()) {
    std::string those;
    for (const algorithm_command* a : registered_algorithms())
      if (a->distributed_lists()) those += (those.empty() ? "" : ", ") + a->name();
    throw error(
        error_kind::invalid_argument,
        fmt::format("--distributed: {} does not run distributed yet; {} do", algorithm.name(), those));
  }
  input_of(args);
}

/// The communicator of the run: every process of the mpirun job, or this one alone.
struct transport {
#if PLEXUS_MPI_ENABLED
  std::unique_ptr<dist::mpi_session> session;
#endif
  std::unique_ptr<dist::communicator> comm;  // destroyed before the session
};

transport connect(const distributed_arguments& args) {
  transport t;
  if (!launcher_rank()) {
    t.comm = std::make_unique<dist::self_communicator>();
    return t;
  }
#if PLEXUS_MPI_ENABLED
  int argc = 0;
  char** argv = nullptr;
  t.session = std::make_unique<dist::mpi_session>(argc, argv);
  dist::mpi_options options;
  options.timeout = std::chrono::milliseconds(static_cast<std::int64_t>(args.comm_timeout_seconds * 1000));
  t.comm = t.session->world(options);
  return t;
#else
  (void)args;
  throw error(
      error_kind::unsupported,
      "--distributed under mpirun needs the MPI transport, which this build leaves out (configure with "
      "-DPLEXUS_ENABLE_MPI=ON)");
#endif
}

/// The whole graph's size, from every rank's part.
struct graph_figures {
  vertex_t vertices = 0;
  edge_t arcs = 0, edges = 0;  // edges: arcs for a directed graph, unordered pairs otherwise
  bool directed = false, weighted = false;
};

graph_figures figures_of(dist::communicator& comm, const dist::rank_graph& graph) {
  const csr_graph& local = graph.graph;
  // An undirected graph stores an edge twice and a self-loop once (owned ids are local ids).
  edge_t loops = 0;
  if (!local.directed())
    for (vertex_t v = 0; v < graph.part.num_owned(); ++v)
      for (const vertex_t w : local.neighbors(v)) loops += w == v;
  const std::uint64_t mine[2] = {local.num_edges(), loops};
  std::uint64_t total[2];
  comm.all_reduce(std::span<const std::uint64_t>(mine), std::span<std::uint64_t>(total),
                  dist::reduce_op::sum);
  graph_figures figures;
  figures.vertices = graph.part.ranges().num_vertices();
  figures.arcs = total[0];
  figures.directed = local.directed();
  figures.edges = figures.directed ? total[0] : (total[0] - total[1]) / 2 + total[1];
  figures.weighted = graph.weighted;
  return figures;
}

void print_graph_lines(std::FILE* to, const distributed_input& input, const graph_figures& g,
                       double load_seconds, int ranks) {
  if (to == nullptr) return;
  print_line(to, "Graph",
             fmt::format("{} ({} vertices, {} {}, {})", input.name, g.vertices, g.edges,
                         g.directed ? "arcs" : "edges", g.weighted ? "weighted" : "unweighted"));
  print_line(to, "Direction",
             input.kronecker
                 ? input.direction
                 : fmt::format("{} (stored in the .plx file)", g.directed ? "directed" : "undirected"));
  print_line(to, "Load Time", seconds_text(load_seconds));
  print_line(to, "Ranks", fmt::format("{}", ranks));
}

/// What the ranks' exchanges cost, as report lines: the longest time one rank spent in them,
/// the bytes all sent, and the rounds.
void add_exchange_lines(dist::communicator& comm, const dist::exchange_stats& mine, run_report& report) {
  const double seconds = comm.all_reduce<double>(mine.seconds, dist::reduce_op::max);
  const std::uint64_t bytes = comm.all_reduce<std::uint64_t>(mine.bytes_sent, dist::reduce_op::sum);
  report.lines.push_back(run_line::seconds("Communication Time", "communication_seconds", seconds));
  report.lines.emplace_back("Bytes Exchanged", fmt::format("{}", bytes));
  report.lines.emplace_back("Exchange Rounds", fmt::format("{}", mine.rounds));
}

std::string rank_file(const std::string& name, int rank) {
  return fmt::format("{}.rank{}", name, rank);
}

/// The run once the ranks are connected; `stage` says what the ranks are doing, for errors.
void run_ranks(const distributed_arguments& args, dist::communicator& comm, std::string& stage,
               std::unique_ptr<held_lines>& lines) {
  algorithm_command& algorithm = *args.algorithm;
  const bool root = comm.rank() == 0;
  const distributed_input input = input_of(args);
  const output_choice choice{args.out, args.json, args.quiet};
  progress_display::allow(root && !args.quiet);

  stage = "checking the outputs";
  const std::vector<std::filesystem::path> inputs{input.plx};
  run_streams streams{nullptr, nullptr};
  dist::agreed(comm, [&] {
    if (root) streams = plan_output(choice, inputs);
    if (!args.out_per_rank.empty()) io::check_output(rank_file(args.out_per_rank, comm.rank()), inputs);
  });
  lines = std::make_unique<held_lines>(streams.lines);

  stage = "loading " + input.name;
  timer clock;
  const dist::list_order order = *algorithm.distributed_lists();
  const dist::rank_graph graph = input.kronecker ? dist::generate_kronecker(comm, *input.kronecker, order)
                                                 : dist::load_plx(comm, input.plx, order);
  const double load_seconds = comm.all_reduce<double>(clock.seconds(), dist::reduce_op::max);
  const graph_figures figures = figures_of(comm, graph);
  print_graph_lines(lines->stream(), input, figures, load_seconds, comm.size());
  nlohmann::ordered_json summary = {
      {"algorithm", algorithm.name()}, {"graph", input.name},          {"vertices", figures.vertices},
      {"edges", figures.edges},        {"arcs", figures.arcs},         {"directed", figures.directed},
      {"weighted", figures.weighted},  {"load_seconds", load_seconds}, {"ranks", comm.size()}};

  std::optional<csr_graph> whole;
  if (args.validate) {
    stage = "loading the whole graph on rank 0 for --validate";
    dist::agreed(comm, [&] {
      if (!root) return;
      load_request request;
      request.graph = args.graph;
      request.format = args.format;
      request.directed = args.directed;
      whole = load_graph(request).graph;
    });
  }

  const backend where = chosen_device(args.device);
  stage = fmt::format("uploading to {}", to_string(where));
  const auto local = dist::agreed(comm, [&] { return std::make_unique<device_graph>(graph.graph, where); });
  const double upload_seconds = comm.all_reduce<double>(local->upload_seconds(), dist::reduce_op::max);
  print_device(where, upload_seconds, lines->stream());
  summary.update(describe_device(where, upload_seconds));

  stage = "running " + algorithm.name();
  distributed_request request;
  request.comm = &comm;
  request.graph = &graph;
  request.local = local.get();
  request.input_name = input.name;  // as a single run names it: the file's name, or kron-16-16
  request.origin = input.kronecker ? input_origin::generated : input_origin::file;
  request.validate = args.validate;
  request.whole = whole ? &*whole : nullptr;
  request.writes_output = !args.out.empty();
  request.writes_per_rank = !args.out_per_rank.empty();
  distributed_report run = algorithm.run_distributed(request);
  add_exchange_lines(comm, run.exchange, run.report);

  if (!args.out_per_rank.empty()) {
    const std::string mine = rank_file(args.out_per_rank, comm.rank());
    stage = "writing " + mine;
    dist::agreed(comm, [&] { run.write_rank(mine); });
    run.report.lines.emplace_back("Output Per Rank",
                                  fmt::format("{} .. {}", rank_file(args.out_per_rank, 0),
                                              rank_file(args.out_per_rank, comm.size() - 1)));
  }
  stage = args.out.empty() ? "reporting" : "writing " + args.out;
  bool passed = true;
  dist::agreed(comm, [&] {
    if (root) passed = report_run(run.report, algorithm.name(), choice, streams, *lines, summary);
  });
  std::uint8_t verdict = passed ? 1 : 0;
  comm.broadcast(std::span<std::uint8_t>(&verdict, 1), 0);
  if (verdict == 0) throw CLI::RuntimeError(1);  // rank 0 printed why
}

/// What a fault says: a plexus::error's message, "out of memory", or what() of anything else.
std::string describe(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e)) return "out of memory";
  return e.what();
}

}  // namespace

void run_distributed(const distributed_arguments& args) {
  transport t;
  try {
    refuse_what_cannot_run(args);
    t = connect(args);
  } catch (const error& e) {
    // The same on every rank: the first rank of the job says it.
    if (launcher_rank().value_or(0) != 0) throw CLI::RuntimeError(exit_status(e.kind()));
    throw;
  }
  dist::communicator& comm = *t.comm;
  std::string stage = "starting";
  std::unique_ptr<held_lines> lines;
  try {
    run_ranks(args, comm, stage, lines);
  } catch (const dist::agreed_error& e) {
    // Every rank holds this error: rank 0 says it once, and every rank exits alike.
    const int status = exit_status(e.kind());
    if (comm.rank() == 0 && lines && status != kExitUsage) lines->release();
    if (comm.size() == 1) throw error(e.kind(), e.detail());
    if (comm.rank() == 0) {
      // A problem of the input or the command, met by every rank, reads as a single run's.
      const std::string message =
          e.every_rank() ? e.detail() : fmt::format("rank {}, {}: {}", e.rank(), stage, e.detail());
      print_error(status == kExitUsage ? fmt::format("{}; {}", message, args.usage_hint) : message);
    }
    // The line is out before any rank exits: mpirun ends the job at the first nonzero status,
    // rank 0's unprinted line with it. A rank that waits in vain exits with the status agreed.
    try {
      comm.barrier();
    } catch (const error&) {
    }
    throw CLI::RuntimeError(status);
  } catch (const CLI::RuntimeError&) {
    throw;
  } catch (const std::exception& e) {
    // This rank's fault alone, inside the run: the others may wait in a collective for it.
    if (comm.size() == 1) {
      if (lines) lines->release();
      throw;
    }
    comm.abort(fmt::format("{}: {}", stage, describe(e)));
  }
}

}  // namespace plexus::cli
