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
#include "distributed_transport.hpp"
#include "error_output.hpp"
#include "held_lines.hpp"
#include "plexus/cli/distributed_run.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/kronecker_slice.hpp"
#include "plexus/dist/launcher.hpp"
#include "plexus/dist/mpi.hpp"
#include "plexus/dist/nccl.hpp"
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
  // Open MPI's mpirun, PMIx or PMI launchers (srun, hydra), and the workers --gpus starts.
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", dist::kWorkerRankVariable})
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
  const backend where = chosen_device(args.device);
  if (args.transport == "nccl" && where != backend::cuda)
    throw error(error_kind::invalid_argument,
                fmt::format("--transport nccl connects CUDA GPUs: add --device cuda (the run is on {})",
                            to_string(where)));
  if (args.transport == "nccl" && !dist::nccl_built)
    throw error(
        error_kind::unsupported,
        "--transport nccl: this build has no NCCL (configure with -DPLEXUS_ENABLE_NCCL=ON and the CUDA "
        "back end)");
  if (args.gpus > 0) {
    if (where != backend::cuda)
      throw error(error_kind::invalid_argument,
                  fmt::format("--gpus runs one rank per CUDA GPU; the run is on {}", to_string(where)));
    if (args.transport == "mpi")
      throw error(
          error_kind::invalid_argument,
          "--gpus starts its ranks without MPI, so they talk over NCCL: drop --transport mpi, or start "
          "the ranks with mpirun -np N instead of --gpus");
    if (!dist::nccl_built)
      throw error(
          error_kind::unsupported,
          "--gpus: this build has no NCCL, which connects the GPUs (configure with "
          "-DPLEXUS_ENABLE_NCCL=ON and the CUDA back end), or start one rank per GPU with mpirun -np N");
    const auto launched = dist::launched_worker();
    if (!launched && launcher_rank())
      throw error(error_kind::invalid_argument,
                  "--gpus starts its own ranks: under mpirun, give -np N and leave --gpus out");
    if (launched && launched->ranks != args.gpus)
      throw error(error_kind::invalid_argument,
                  fmt::format("this worker was started as one of {} ranks, and --gpus says {}",
                              launched->ranks, args.gpus));
  }
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
                       double load_seconds, int ranks, const std::string& transport) {
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
  print_line(to, "Transport", transport);
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
void run_ranks(const distributed_arguments& args, dist::communicator& comm, const std::string& transport,
               std::string& stage, std::unique_ptr<held_lines>& lines) {
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
  print_graph_lines(lines->stream(), input, figures, load_seconds, comm.size(), transport);
  nlohmann::ordered_json summary = {
      {"algorithm", algorithm.name()}, {"graph", input.name},     {"vertices", figures.vertices},
      {"edges", figures.edges},        {"arcs", figures.arcs},    {"directed", figures.directed},
      {"weighted", figures.weighted},  {"vertex_order", "input"}, {"load_seconds", load_seconds},
      {"ranks", comm.size()},          {"transport", transport}};

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

/// The line of a fault of rank `rank` alone in `stage`: "rank r, STAGE: what", worded as an
/// agreed error's. The communicator's own failures open with "rank r: " already, which is left
/// out so that the rank is named once.
std::string fault_line(int rank, const std::string& stage, const std::exception& e) {
  std::string what = describe(e);
  const std::string named = fmt::format("rank {}: ", rank);
  if (what.starts_with(named)) what.erase(0, named.size());
  return fmt::format("rank {}, {}: {}", rank, stage, what);
}

/// The run of one rank, once the command line is known to be one every rank can run.
void run_rank(const distributed_arguments& args) {
  transport t;
  try {
    t = connect(args);
  } catch (const error& e) {
    // The same on every rank of an mpirun job: the first says it.
    if (!dist::launched_worker() && launcher_rank().value_or(0) != 0)
      throw CLI::RuntimeError(exit_status(e.kind()));
    throw;
  }
  std::string stage = "connecting the GPUs";
  std::unique_ptr<held_lines> lines;
  dist::communicator* comm = t.processes.get();
  try {
    bind_devices(args, chosen_device(args.device), t);
    comm = &t.comm();
    stage = "starting";
    run_ranks(args, *comm, t.description, stage, lines);
  } catch (const dist::agreed_error& e) {
    // Every rank holds this error: rank 0 says it once, and every rank exits alike; a worker
    // --gpus started tells its launcher, which says it. A problem of the input or the
    // command, met by every rank, reads as a single run's.
    const int status = exit_status(e.kind());
    const std::string message = comm->size() == 1 || e.every_rank()
                                    ? e.detail()
                                    : fmt::format("rank {}, {}: {}", e.rank(), stage, e.detail());
    if (t.launched) {
      dist::report_failure(*t.launched, e.kind(), message);
      throw CLI::RuntimeError(status);
    }
    if (comm->rank() == 0 && lines && status != kExitUsage) lines->release();
    if (comm->size() == 1) throw error(e.kind(), message);
    if (comm->rank() == 0)
      print_error(status == kExitUsage ? fmt::format("{}; {}", message, args.usage_hint) : message);
    // The line is out before any rank exits: mpirun ends the job at the first nonzero status,
    // rank 0's unprinted line with it. A rank that waits in vain exits with the status agreed.
    try {
      comm->barrier();
    } catch (const error&) {
    }
    throw CLI::RuntimeError(status);
  } catch (const CLI::RuntimeError& e) {
    // A result --validate refused: rank 0 printed the check; a launcher hears it from every
    // worker alike.
    if (t.launched)
      dist::report_failure(*t.launched, error_kind::internal, "the result did not pass --validate");
    throw;
  } catch (const std::exception& e) {
    // This rank's fault alone, inside the run: the others may wait in a collective for it.
    if (comm->size() == 1 && !t.launched) {
      if (lines) lines->release();
      throw;
    }
    comm->abort(fault_line(comm->rank(), stage, e));
  }
}

}  // namespace

void run_distributed(const distributed_arguments& args) {
  try {
    refuse_what_cannot_run(args);
  } catch (const error& e) {
    // The same on every rank: the first rank of the job says it.
    if (launcher_rank().value_or(0) != 0) throw CLI::RuntimeError(exit_status(e.kind()));
    throw;
  }
  if (args.gpus > 0 && !dist::launched_worker()) {
    // The launcher: its workers run the same command line, each one rank on its own GPU.
    dist::run_workers(args.gpus, dist::this_program(), dist::this_arguments());
    return;
  }
  if (const auto launched = dist::launched_worker()) {
    try {
      run_rank(args);
    } catch (const error& e) {
      dist::report_failure(*launched, e.kind(), e.what());
      throw CLI::RuntimeError(exit_status(e.kind()));
    }
    return;
  }
  run_rank(args);
}

}  // namespace plexus::cli
