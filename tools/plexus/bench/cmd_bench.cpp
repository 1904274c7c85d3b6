// `plexus bench`: timed trials of registered algorithms (cli/algorithm_command.hpp) over
// graphs, or of the hyper-* algorithms over hypergraphs, on every chosen back end (GAPBS
// benchmark protocol; Graph500 specification 2.0 for the TEPS metric).
//
// For every input, back end and algorithm: the input is uploaded once (upload time printed
// apart), one untimed warm-up runs, then --trials timed runs, summarised by the median,
// minimum, maximum and interquartile range of the time and of every figure (bench_trials.hpp);
// --verbose also prints each trial ("Trial Time:", "Trial GTEPS:", its source). A
// single-source algorithm starts each trial from a source drawn as GAPBS does, among vertices
// with out-arcs in the largest weakly connected component unless --sources-from all (seeded,
// --sources distinct ones used in turn); the others run with the defaults their command gives
// a bench, which give every trial the same work. --json writes every trial, the statistics,
// the device name, the git revision and a UTC timestamp, atomically ("-": standard output,
// the lines then going to standard error). A figure in GB/s gets the device's copy bandwidth
// beside it, and --portability adds each back end's efficiency and Pennycook's performance
// portability per algorithm (bench_portability.hpp). Graph and hypergraph algorithms are not
// mixed in one bench. A back end named with --device that cannot run here (left out of the
// build, or no device) is skipped with one line saying why ("cuda: skipped: no CUDA device
// found"), and recorded so in the JSON; the bench fails (exit status 1) only when none can run.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "bench_distributed.hpp"
#include "bench_document.hpp"
#include "bench_engines.hpp"
#include "bench_options.hpp"
#include "bench_portability.hpp"
#include "bench_sources.hpp"
#include "bench_trials.hpp"
#include "common/command.hpp"
#include "common/device_choice.hpp"
#include "common/load.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/sources.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"
#include "plexus/io/atomic_file.hpp"
#include "common/progress_display.hpp"
#include "common/report_line.hpp"
#include "run/run_summary.hpp"
#include "run/run_support.hpp"
#include "common/since_start.hpp"

namespace plexus::cli {
namespace {

/// Where bench's lines go: results to standard output unless the JSON goes there; the other
/// lines with them unless --quiet.
struct bench_streams {
  std::FILE* lines = stdout;
  std::FILE* results = stdout;
};

/// What a bench gathers over its inputs, back ends and algorithms.
struct bench_findings {
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  bool all_passed = true;
  portability_table portability;  // filled under --portability
};

/// What the result lines of `algorithm`'s trials on `loaded` and `where` name; draws the
/// sources of a single-source algorithm once per input.
template <class Loaded>
trial_context context_for(const algorithm_command& algorithm, const Loaded& loaded, backend where,
                          double upload_seconds, std::optional<input_sources>& sources,
                          const bench_arguments& args, const bench_streams& streams) {
  trial_context context;
  context.algorithm = algorithm.name();
  context.input = input_label(loaded);
  context.device = device_label(where);
  context.header = {{"algorithm", algorithm.name()}};
  context.header.update(describe_input(loaded));
  context.header.update(describe_device(where, upload_seconds));
  if (algorithm.single_source()) {
    if (!sources) sources = draw_input_sources(loaded.graph, sources_asked(args), streams.lines);
    context.sources = sources->phrase;
    context.header["sources"] = sources->json;
  }
  set_trial_options(args, streams.lines, streams.results, context);
  return context;
}

/// The trials of every algorithm on one input and back end. Under --portability an algorithm
/// that cannot run there is recorded as failed on it, and the bench goes on.
template <class Loaded, class Device>
void bench_algorithms(const std::vector<algorithm_command*>& algorithms, const Loaded& loaded,
                      const Device& on_device, std::optional<input_sources>& sources,
                      const bench_arguments& args, const bench_streams& streams, bench_findings& found) {
  for (algorithm_command* algorithm : algorithms) {
    run_request request;
    if constexpr (std::is_same_v<Device, device_graph>)
      request.graph = &on_device;
    else
      request.hypergraph = &on_device;
    request.purpose = run_purpose::bench;
    request.input_name = loaded.name;
    request.origin = loaded.origin;
    if constexpr (std::is_same_v<Device, device_graph>)
      if (loaded.input) {  // a renumbered graph is verified against the graph as read
        request.input_graph = &*loaded.input;
        request.input_vertex = loaded.input_vertex;
      }
    request.seed = args.seed;
    const trial_context context = context_for(*algorithm, loaded, on_device.where(),
                                              on_device.upload_seconds(), sources, args, streams);
    const std::vector<vertex_t>* drawn =
        sources && algorithm->single_source() ? &sources->drawn.sources : nullptr;
    nlohmann::ordered_json row;
    try {
      row = time_trials(
          context,
          [&](int trial, bool validate) {
            request.validate = validate;
            if (drawn) request.source = (*drawn)[static_cast<std::size_t>(trial) % drawn->size()];
            return algorithm->run(request);
          },
          found.all_passed);
    } catch (const error& e) {
      if (!args.portability || !fails_back_end(e)) throw;
      found.portability.add_failure(context, on_device.where(), e.what());
      found.all_passed = false;
      continue;
    }
    if (row.at("statistics").contains(json_key("GB/s"))) note_copy_fraction(context, on_device.where(), row);
    if (args.portability) found.portability.add(context, on_device.where(), row);
    found.results.push_back(std::move(row));
  }
}

/// Every input on every back end: `load(spec)` loads (and reports) one input, Device is
/// device_graph or device_hypergraph.
template <class Device, class Load>
void bench_inputs(const std::vector<std::string>& inputs, const std::vector<backend>& backends,
                  const std::vector<algorithm_command*>& algorithms, Load&& load, const bench_arguments& args,
                  const bench_streams& streams, bench_findings& found) {
  for (const std::string& spec : inputs) {
    const auto loaded = load(spec);
    std::optional<input_sources> sources;
    for (const backend where : backends) {
      std::optional<Device> on_device;
      try {
        require_backend(where);
        on_device.emplace(loaded.graph, where);
      } catch (const error& e) {
        // A back end that cannot run here, or cannot hold the input, fails every algorithm.
        if (!args.portability || !fails_back_end(e)) throw;
        for (const algorithm_command* algorithm : algorithms)
          found.portability.add_failure(context_for(*algorithm, loaded, where, 0, sources, args, streams),
                                        where, e.what());
        found.all_passed = false;
        continue;
      }
      print_device(where, on_device->upload_seconds(), streams.lines);
      bench_algorithms(algorithms, loaded, *on_device, sources, args, streams, found);
    }
  }
}

/// Every algorithm on every graph and back end under every engine and limit asked
/// (bench_engines.hpp): the graph is not uploaded here, each row places it as its engine does.
void bench_graph_engines(const std::vector<std::string>& inputs, const std::vector<backend>& backends,
                         const std::vector<algorithm_command*>& algorithms, load_request request,
                         const bench_arguments& args, const bench_streams& streams, bench_findings& found) {
  engine_bench_settings settings;
  settings.engines = args.engines;
  for (const std::string& limit : args.limits)
    settings.limits.push_back(parse_byte_size(limit, "--device-memory-limit"));
  for (const std::string& spec : inputs) {
    request.graph = spec;
    const loaded_graph loaded = load_graph(request);
    print_loaded(loaded, request.random_weights, streams.lines);
    std::optional<input_sources> sources;
    for (const backend where : backends)
      for (algorithm_command* algorithm : algorithms) {
        engine_bench_input input;
        input.algorithm = algorithm;
        input.loaded = &loaded;
        input.where = where;
        input.seed = args.seed;
        input.context = context_for(*algorithm, loaded, where, 0, sources, args, streams);
        input.sources = sources && algorithm->single_source() ? &sources->drawn.sources : nullptr;
        for (auto& row : bench_engines(input, settings, found.all_passed))
          found.results.push_back(std::move(row));
      }
  }
}

/// The algorithms named by --algorithm, all on one kind of input, with no option given that
/// none of them reads.
std::vector<algorithm_command*> chosen_algorithms(const bench_arguments& args) {
  std::vector<algorithm_command*> algorithms;
  for (const std::string& name : args.algorithms) algorithms.push_back(&find_algorithm(name));
  const input_kind input = algorithms.front()->input();
  for (const algorithm_command* algorithm : algorithms)
    if (algorithm->input() != input)
      throw error(
          error_kind::invalid_argument,
          fmt::format("--algorithm: {} and {} need different inputs (a graph and a hypergraph); bench them "
                      "separately",
                      algorithms.front()->name(), algorithm->name()));
  if (input == input_kind::hypergraph)
    for (const CLI::Option* option : args.graph_only)
      if (option->count() > 0)
        throw error(error_kind::invalid_argument,
                    fmt::format("{} does not apply to the hypergraph algorithms", option->get_name()));
  // An option an algorithm added applies only when that algorithm is benched.
  for (const auto& [option, owner] : args.algorithm_options)
    if (option->count() > 0 && std::find(algorithms.begin(), algorithms.end(), owner) == algorithms.end())
      throw error(error_kind::invalid_argument, fmt::format("{} applies to {} only, which is not benched",
                                                            option->get_name(), owner->name()));
  return algorithms;
}

void bench_command(const bench_arguments& args) {
  const std::vector<algorithm_command*> algorithms = chosen_algorithms(args);
  const bool hyper = algorithms.front()->input() == input_kind::hypergraph;
  // --portability keeps a back end that cannot run here as a platform scoring 0; otherwise the
  // bench runs on those that can and says which it skipped.
  runnable_devices devices;
  if (args.portability)
    devices.usable = named_devices(args.devices);
  else
    devices = devices_that_run(args.devices);
  const std::vector<backend>& backends = devices.usable;
  bench_streams streams;
  // The inputs and the JSON file are checked before any work, as run checks --out: a later
  // input's wrong spec must not refuse the bench after the first input's report.
  std::vector<std::filesystem::path> inputs;
  for (const std::string& graph : args.graphs) {
    check_input_spec(graph, algorithms.front()->input());
    for (const std::filesystem::path& file : input_files(graph, args.read)) inputs.push_back(file);
  }
  if (!args.json.empty() && io::check_output(args.json, inputs) == io::output_kind::standard_output)
    streams.results = stderr;
  streams.lines = args.quiet ? nullptr : streams.results;
  progress_display::allow(!args.quiet);
  for (const skipped_device& skipped : devices.skipped)
    fmt::print(streams.results, "{}: skipped: {}\n", to_string(skipped.where), skipped.why);
  std::vector<std::string> graphs = args.graphs;
  if (graphs.empty())
    graphs.push_back(hyper ? fmt::format("hyper:{}", kDefaultHyperPinsMillions)
                           : fmt::format("kron:{}:{}", args.kron_scale, args.edge_factor));

  bench_findings found;
  load_request request;
  request.format = args.format;
  request.read = args.read;
  if (args.directed) request.directed = true;
  if (args.undirected) request.directed = false;
  if (!hyper && (!args.engines.empty() || !args.limits.empty())) {
    request.random_weights = args.random_weights;
    request.order = parse_vertex_order(args.order);
    request.keep_input = args.validate;
    bench_graph_engines(graphs, backends, algorithms, request, args, streams, found);
  } else if (hyper) {
    bench_inputs<device_hypergraph>(
        graphs, backends, algorithms,
        [&](const std::string& spec) {
          request.graph = spec;
          loaded_hypergraph loaded = load_hypergraph(request);
          print_loaded(loaded, streams.lines);
          return loaded;
        },
        args, streams, found);
  } else {
    request.random_weights = args.random_weights;
    request.order = parse_vertex_order(args.order);
    request.keep_input = args.validate;
    bench_inputs<device_graph>(
        graphs, backends, algorithms,
        [&](const std::string& spec) {
          request.graph = spec;
          loaded_graph loaded = load_graph(request);
          print_loaded(loaded, request.random_weights, streams.lines);
          return loaded;
        },
        args, streams, found);
  }
  nlohmann::ordered_json portability;
  if (args.portability) portability = found.portability.report(streams.results);
  if (!args.json.empty()) {
    nlohmann::ordered_json document = bench_document(args.trials, args.seed, std::move(found.results));
    const nlohmann::ordered_json copies = copy_bandwidth_json();
    if (!copies.empty()) document["copy_bandwidth"] = copies;
    if (args.portability) document["portability"] = std::move(portability);
    for (const skipped_device& skipped : devices.skipped)
      document["skipped"].push_back({{"backend", to_string(skipped.where)}, {"reason", skipped.why}});
    write_bench_document(args.json, document);
    print_line(streams.lines, "JSON", args.json);
  }
  print_line(streams.lines, "Total Time", seconds_text(seconds_since_start()));
  if (!found.all_passed) throw CLI::RuntimeError(1);  // the FAIL and Failed lines above say why
}

void setup_bench(CLI::App& sub) {
  auto args = std::make_shared<bench_arguments>();
  add_bench_options(sub, *args);
  sub.callback([args, &sub] {
    if (args->distributed)
      bench_distributed(sub, *args);
    else
      bench_command(*args);
  });
}

}  // namespace
}  // namespace plexus::cli

PLEXUS_COMMAND(
    "bench",
    "Time trials of the graph or hypergraph algorithms and report GTEPS, edges/s, pairs/s, pins/s or GB/s",
    plexus::cli::setup_bench);
