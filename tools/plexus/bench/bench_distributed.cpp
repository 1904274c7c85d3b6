// `plexus bench --distributed`; see bench_distributed.hpp.
#include "bench_distributed.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bench_distributed_trials.hpp"
#include "bench_document.hpp"
#include "bench_sources.hpp"
#include "common/device_choice.hpp"
#include "distributed/distributed_input.hpp"
#include "common/error_output.hpp"
#include "plexus/algorithms/cc/cc_dist.hpp"
#include "plexus/cli/sources_dist.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/io/atomic_file.hpp"
#include "common/report_line.hpp"
#include "run/run_distributed.hpp"
#include "run/run_summary.hpp"
#include "common/since_start.hpp"

namespace plexus::cli {

namespace {

/// The options a distributed bench reads; any other given is refused by name.
constexpr const char* kOptionsTaken[] = {
    "--algorithm", "--graph",        "--kron",        "--edge-factor", "--device",      "--trials",
    "--sources",   "--sources-from", "--seed",        "--validate",    "--verbose",     "--quiet",
    "--format",    "--directed",     "--undirected",  "--json",        "--distributed", "--no-baseline",
    "--gpus",      "--transport",    "--comm-timeout"};

/// What every rank benches: the same on every rank.
struct bench_plan {
  const bench_arguments* args = nullptr;
  distributed_settings settings;  // all but the graph, which is each of `graphs` in turn
  std::vector<std::string> graphs;
  std::vector<algorithm_command*> algorithms;
};

/// Where rank 0's lines go: results to standard output unless the JSON goes there; the other
/// lines with them unless --quiet. Nowhere on the other ranks.
struct bench_lines {
  std::FILE* lines = nullptr;
  std::FILE* results = nullptr;
};

/// The refusals every rank makes alike: an option a distributed bench does not read, several
/// back ends, an algorithm that does not run distributed, an input no rank can read.
void refuse_what_cannot_run(const CLI::App& bench, const bench_plan& plan) {
  for (const CLI::Option* option : bench.get_options()) {
    if (option->count() == 0 || option->get_name().empty()) continue;
    if (std::find(std::begin(kOptionsTaken), std::end(kOptionsTaken), option->get_name()) ==
        std::end(kOptionsTaken))
      throw error(error_kind::invalid_argument,
                  fmt::format("{} does not apply to --distributed", option->get_name()));
  }
  if (plan.args->devices.size() > 1)
    throw error(error_kind::invalid_argument,
                fmt::format("--distributed runs every rank on one back end: name one with --device (got {})",
                            fmt::join(plan.args->devices, ",")));
  for (const algorithm_command* algorithm : plan.algorithms) refuse_undistributed(*algorithm);
  distributed_settings settings = plan.settings;
  for (const std::string& graph : plan.graphs) {
    settings.graph = graph;
    refuse_settings(settings);
  }
}

bench_plan plan_of(const CLI::App& bench, const bench_arguments& args) {
  bench_plan plan;
  plan.args = &args;
  distributed_settings& s = plan.settings;
  s.format = args.format;
  if (args.directed) s.directed = true;
  if (args.undirected) s.directed = false;
  // --gpus runs on CUDA GPUs: it names the device unless --device did.
  s.device = args.devices.empty() ? (args.gpus > 0 ? "cuda" : "host") : args.devices.front();
  s.comm_timeout_seconds = args.comm_timeout;
  s.gpus = args.gpus;
  s.transport = args.transport;
  s.usage_hint = usage_hint(bench);
  plan.graphs = args.graphs;
  if (plan.graphs.empty())
    plan.graphs.push_back(fmt::format("kron:{}:{}", args.kron_scale, args.edge_factor));
  const bool named = bench.get_option("--algorithm")->count() > 0;
  for (const std::string& name : named ? args.algorithms : distributed_algorithm_names())
    plan.algorithms.push_back(&find_algorithm(name));
  return plan;
}

/// One input's part on this rank, in one list order, and its local graph on the device.
struct part_on_device {
  dist::rank_graph graph;
  std::unique_ptr<device_graph> local;
};

/// Every algorithm on one input: its slice loaded once, its parts in the list orders the
/// algorithms need, rank 0's whole graph, the sources, then the trials. Collective.
void bench_input(const bench_plan& plan, const std::string& spec, dist::communicator& comm,
                 const std::string& transport, rank_state& state, const bench_lines& out,
                 nlohmann::ordered_json& rows, bool& all_passed) {
  const bench_arguments& args = *plan.args;
  const bool root = comm.rank() == 0;
  distributed_settings settings = plan.settings;
  settings.graph = spec;
  const distributed_input input = input_of(settings);
  std::string& stage = state.stage;

  stage = "loading " + input.name;
  timer clock;
  const dist::rank_slice slice = read_slice(comm, input);
  std::map<dist::list_order, part_on_device> parts;
  for (const algorithm_command* algorithm : plan.algorithms) {
    const dist::list_order order = *algorithm->distributed_lists();
    if (!parts.contains(order)) parts[order].graph = dist::assemble(comm, slice.ranges, slice.slice, order);
  }
  const double load_seconds = comm.all_reduce<double>(clock.seconds(), dist::reduce_op::max);
  const graph_figures figures = figures_of(comm, parts.begin()->second.graph);
  print_graph_lines(out.lines, input, figures, load_seconds, comm.size(), transport);

  std::optional<loaded_graph> whole;  // rank 0's
  if (!args.no_baseline || args.validate) {
    stage = "loading the whole graph on rank 0";
    dist::agreed(comm, [&] {
      if (root) whole = load_graph(whole_graph_request(settings));
    });
    if (root) print_line(out.lines, "Whole Graph Load Time", seconds_text(whole->load_seconds));
  }

  const backend where = chosen_device(settings.device);
  stage = fmt::format("uploading to {}", to_string(where));
  double uploading = 0;
  for (auto& entry : parts) {
    // Named, not a structured binding: clang before 16 cannot capture those.
    auto& part = entry.second;
    part.local = dist::agreed(comm, [&] { return std::make_unique<device_graph>(part.graph.graph, where); });
    uploading += part.local->upload_seconds();
  }
  const double upload_seconds = comm.all_reduce<double>(uploading, dist::reduce_op::max);
  print_device(where, upload_seconds, out.lines);
  std::unique_ptr<device_graph> single;  // rank 0's
  if (!args.no_baseline) {
    stage = fmt::format("uploading the whole graph to {} on rank 0", to_string(where));
    single = dist::agreed(
        comm, [&] { return root ? std::make_unique<device_graph>(whole->graph, where) : nullptr; });
    if (root) print_line(out.lines, "Whole Graph Upload Time", seconds_text(single->upload_seconds()));
  }

  std::optional<input_sources> sources;
  const auto from_source = std::find_if(plan.algorithms.begin(), plan.algorithms.end(),
                                        [](const algorithm_command* a) { return a->single_source(); });
  if (from_source != plan.algorithms.end()) {
    stage = "drawing the sources";
    const source_request request = sources_asked(args);
    const part_on_device& part = parts.at(*(*from_source)->distributed_lists());
    // The weakly connected components the largest is chosen among.
    host_vector<vertex_t> components;
    if (request.pool == source_pool::largest_component)
      components =
          connected_components_distributed(comm, part.graph.part, *part.local, part.graph.original_ids).label;
    sources = describe_sources(
        draw_sources(comm, part.graph, components, request.count, request.trials, request.seed, request.pool),
        request, figures.vertices, out.lines, kGraphSourcesAre, kGraphComponentsAre);
  }

  for (algorithm_command* algorithm : plan.algorithms) {
    const part_on_device& part = parts.at(*algorithm->distributed_lists());
    distributed_trials_input in;
    in.algorithm = algorithm;
    in.comm = &comm;
    in.graph = &part.graph;
    in.local = part.local.get();
    in.input_name = input.name;
    in.origin = input.kronecker ? input_origin::generated : input_origin::file;
    in.seed = args.seed;
    in.baseline = !args.no_baseline;
    in.whole = whole ? &*whole : nullptr;
    in.single = single.get();
    in.sources = sources && algorithm->single_source() ? &sources->drawn.sources : nullptr;
    in.ranks = comm.size();
    in.stage = &stage;
    trial_context& c = in.context;
    c.algorithm = algorithm->name();
    c.input = input_label(input, figures);
    c.device = device_label(where);
    c.header = {{"algorithm", algorithm->name()}};
    c.header.update(describe_input(input, figures, load_seconds, comm.size(), transport));
    c.header.update(describe_device(where, upload_seconds));
    if (whole) c.header["whole_graph_load_seconds"] = whole->load_seconds;
    if (single) c.header["whole_graph_upload_seconds"] = single->upload_seconds();
    if (in.sources) {
      c.sources = sources->phrase;
      c.header["sources"] = sources->json;
    }
    set_trial_options(args, out.lines, out.results, c);
    nlohmann::ordered_json row = time_distributed_trials(in, all_passed);
    if (root) rows.push_back(std::move(row));
  }
}

/// The bench on one rank, once the ranks are connected.
void bench_on_rank(const bench_plan& plan, dist::communicator& comm, const std::string& transport,
                   rank_state& state) {
  const bench_arguments& args = *plan.args;
  const bool root = comm.rank() == 0;
  bench_lines out;
  state.stage = "checking the outputs";
  dist::agreed(comm, [&] {
    if (!root) return;
    out.results = stdout;
    if (!args.json.empty()) {
      // The JSON must not overwrite an input.
      std::vector<std::filesystem::path> inputs;
      distributed_settings settings = plan.settings;
      for (const std::string& graph : plan.graphs) {
        settings.graph = graph;
        if (const distributed_input input = input_of(settings); !input.plx.empty())
          inputs.push_back(input.plx);
      }
      if (io::check_output(args.json, inputs) == io::output_kind::standard_output) out.results = stderr;
    }
    out.lines = args.quiet ? nullptr : out.results;
  });

  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  bool all_passed = true;
  for (const std::string& graph : plan.graphs)
    bench_input(plan, graph, comm, transport, state, out, rows, all_passed);
  if (!args.json.empty()) {
    state.stage = "writing " + args.json;
    dist::agreed(comm, [&] {
      if (root) write_bench_document(args.json, bench_document(args.trials, args.seed, std::move(rows)));
    });
    print_line(out.lines, "JSON", args.json);
  }
  print_line(out.lines, "Total Time", seconds_text(seconds_since_start()));
  std::uint8_t verdict = all_passed ? 1 : 0;
  comm.broadcast(std::span<std::uint8_t>(&verdict, 1), 0);
  if (verdict == 0) throw CLI::RuntimeError(1);  // rank 0 printed the FAIL lines
}

}  // namespace

void bench_distributed(const CLI::App& bench, const bench_arguments& args) {
  const bench_plan plan = plan_of(bench, args);
  run_ranks(
      plan.settings, [&] { refuse_what_cannot_run(bench, plan); },
      [&](dist::communicator& comm, const std::string& transport, rank_state& state) {
        bench_on_rank(plan, comm, transport, state);
      });
}

}  // namespace plexus::cli
