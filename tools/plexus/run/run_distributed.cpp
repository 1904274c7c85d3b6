// `plexus run NAME GRAPH --distributed`; see run_distributed.hpp.
#include "run_distributed.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "common/device_choice.hpp"
#include "distributed/distributed_input.hpp"
#include "plexus/cli/distributed_run.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/io/atomic_file.hpp"
#include "common/progress_display.hpp"
#include "run_output.hpp"
#include "run_summary.hpp"

namespace plexus::cli {

void refuse_undistributed(const algorithm_command& algorithm) {
  if (algorithm.distributed_lists()) return;
  throw error(error_kind::invalid_argument,
              fmt::format("--distributed: {} does not run distributed yet; {} do", algorithm.name(),
                          fmt::join(distributed_algorithm_names(), ", ")));
}

namespace {

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

/// The run once the ranks are connected.
void run_on_rank(const distributed_arguments& args, dist::communicator& comm, const std::string& transport,
                 rank_state& state) {
  algorithm_command& algorithm = *args.algorithm;
  const bool root = comm.rank() == 0;
  const distributed_input input = input_of(args.settings);
  std::string& stage = state.stage;
  const output_choice choice{args.out, args.json, args.quiet};
  progress_display::allow(root && !args.quiet);

  stage = "checking the outputs";
  const std::vector<std::filesystem::path> inputs{input.plx};
  run_streams streams{nullptr, nullptr};
  dist::agreed(comm, [&] {
    if (root) streams = plan_output(choice, inputs);
    if (!args.out_per_rank.empty()) io::check_output(rank_file(args.out_per_rank, comm.rank()), inputs);
  });
  state.lines = std::make_unique<held_lines>(streams.lines);
  held_lines& lines = *state.lines;

  stage = "loading " + input.name;
  timer clock;
  const dist::list_order order = *algorithm.distributed_lists();
  dist::rank_slice slice = read_slice(comm, input);
  const dist::rank_graph graph = dist::assemble(comm, slice.ranges, std::move(slice.slice), order);
  const double load_seconds = comm.all_reduce<double>(clock.seconds(), dist::reduce_op::max);
  const graph_figures figures = figures_of(comm, graph);
  print_graph_lines(lines.stream(), input, figures, load_seconds, comm.size(), transport);
  nlohmann::ordered_json summary = {{"algorithm", algorithm.name()}};
  summary.update(describe_input(input, figures, load_seconds, comm.size(), transport));

  std::optional<csr_graph> whole;
  if (args.validate) {
    stage = "loading the whole graph on rank 0 for --validate";
    dist::agreed(comm, [&] {
      if (root) whole = load_graph(whole_graph_request(args.settings)).graph;
    });
  }

  const backend where = chosen_device(args.settings.device);
  stage = fmt::format("uploading to {}", to_string(where));
  const auto local = dist::agreed(comm, [&] { return std::make_unique<device_graph>(graph.graph, where); });
  const double upload_seconds = comm.all_reduce<double>(local->upload_seconds(), dist::reduce_op::max);
  print_device(where, upload_seconds, lines.stream());
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
    if (root) passed = report_run(run.report, algorithm.name(), choice, streams, lines, summary);
  });
  std::uint8_t verdict = passed ? 1 : 0;
  comm.broadcast(std::span<std::uint8_t>(&verdict, 1), 0);
  if (verdict == 0) throw CLI::RuntimeError(1);  // rank 0 printed why
}

}  // namespace

void run_distributed(const distributed_arguments& args) {
  run_ranks(
      args.settings,
      [&] {
        refuse_undistributed(*args.algorithm);
        refuse_settings(args.settings);
      },
      [&](dist::communicator& comm, const std::string& transport, rank_state& state) {
        run_on_rank(args, comm, transport, state);
      });
}

}  // namespace plexus::cli
