// plexus dsl check and run; see dsl_run.hpp.
#include "dsl_run.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "common/error_output.hpp"
#include "plexus/cli/sources.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/diagnostics.hpp"
#include "plexus/dsl/interpreter.hpp"
#include "plexus/dsl/jit/compiled_run.hpp"
#include "plexus/dsl/parser.hpp"
#include "plexus/dsl/schedule.hpp"
#include "plexus/io/atomic_file.hpp"
#include "common/report_line.hpp"
#include "run/run_summary.hpp"
#include "common/since_start.hpp"

namespace plexus::cli {

checked_dsl_program read_dsl_program(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw_io_error(path.string(), "is a directory, not a DSL program");
  checked_dsl_program out{dsl::source_file::read(path), {}, {}};
  dsl::diagnostics problems(out.file);
  out.tree = dsl::parse(out.file, problems);
  // The checks would report what the syntax errors left out of the tree.
  if (!problems.has_errors()) out.types = dsl::check(out.tree, problems);
  std::fputs(problems.render_all().c_str(), stderr);
  if (problems.has_errors()) {
    fmt::print(stderr, "{}\n", problems.summary());
    throw CLI::RuntimeError(kExitFailure);
  }
  if (out.tree.functions.empty())
    throw error(
        error_kind::parse,
        fmt::format("{}: the program has no function (it is empty, or only comments)", out.file.name()));
  return out;
}

void add_dsl_run_options(CLI::App& run, dsl_run_options& options) {
  run.add_option("program", options.program, "The program (.sp)")->required();
  run.add_option("graph", options.load.graph, "Graph file (- for standard input) or kron:SCALE[:EDGEFACTOR]")
      ->required();
  run.add_option("--format", options.load.format,
                 "Input format: mtx, snap, el, wel, gr, metis, konect, csv, gml, e, plx");
  add_read_settings(run, options.load.read, true);
  auto* directed = run.add_flag("--directed", options.directed, "Keep arcs directed whatever the file says");
  auto* undirected = run.add_flag("--undirected", options.undirected, "Symmetrize the graph");
  directed->excludes(undirected);
  run.add_flag("--random-weights", options.load.random_weights, "Deterministic integer weights in [1, 255]");
  run.add_option("--function", options.function, "The function to run (default: the program's only one)");
  run.add_option("--arg", options.args,
                 "A scalar or node parameter: NAME=VALUE (a node by its id in the input); repeat for each");
  run.add_option("--set", options.sets, "A SetN parameter: NAME=ID,ID,... (ids in the input)");
  run.add_option("--out", options.out,
                 "Write the node properties among the parameters, one line per vertex: id and values");
  run.add_option(
         "--device", options.device,
         "interpreter (default: the serial reference semantics), or host or cuda: the program compiled "
         "for that back end, built once and kept in the cache")
      ->check(CLI::IsMember({"interpreter", "host", "cuda", "hip"}));
  run.add_option("--schedule", options.schedules,
                 "With --device host|cuda: how to run the statement labelled @LABEL (LABEL:balance=...; see "
                 "'plexus dsl compile --help')");
}

namespace {

/// "a, b, c": the first names of a list, for a message ("... and 12 more" past ten).
std::string first_names(const std::vector<std::string>& names) {
  constexpr std::size_t kShown = 10;
  if (names.size() <= kShown) return fmt::format("{}", fmt::join(names, ", "));
  return fmt::format("{}, ... and {} more", fmt::join(names.begin(), names.begin() + kShown, ", "),
                     names.size() - kShown);
}

const dsl::function& chosen_function(const dsl::program& tree, const std::string& name) {
  std::vector<std::string> names;
  for (const dsl::function& f : tree.functions) names.push_back(f.name);
  if (name.empty()) {
    if (tree.functions.size() == 1) return tree.functions[0];
    throw error(error_kind::invalid_argument,
                fmt::format("the program has {} functions: name one with --function ({})", names.size(),
                            first_names(names)));
  }
  for (const dsl::function& f : tree.functions)
    if (f.name == name) return f;
  throw error(error_kind::invalid_argument,
              fmt::format("--function {}: the program has no such function ({})", name, first_names(names)));
}

/// "NAME=VALUE" split at its first '='.
std::pair<std::string, std::string> split_assignment(const std::string& text, std::string_view option) {
  const std::size_t at = text.find('=');
  if (at == std::string::npos || at == 0)
    throw error(error_kind::invalid_argument, fmt::format("{} {}: expected NAME=VALUE", option, text));
  return {text.substr(0, at), text.substr(at + 1)};
}

std::uint64_t parse_id(std::string_view text, std::string_view what) {
  std::uint64_t id = 0;
  const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (problem != std::errc() || end != text.data() + text.size())
    throw error(error_kind::invalid_argument, fmt::format("{}: '{}' is not a vertex id", what, text));
  return id;
}

/// Refuses --arg for a parameter that takes no value on the command line.
void refuse_value(const dsl::parameter& p) {
  const std::string type = dsl::describe(dsl::type_of(p.type));
  switch (p.type.kind) {
    case dsl::type_kind::graph:
    case dsl::type_kind::directed_graph:
      throw error(error_kind::invalid_argument,
                  fmt::format("--arg {}: '{}' is the graph, which the command's GRAPH argument gives", p.name,
                              p.name));
    case dsl::type_kind::node_property:
      throw error(error_kind::invalid_argument,
                  fmt::format("--arg {}: '{}' is an output ({}): the program computes it and --out writes it",
                              p.name, p.name, type));
    case dsl::type_kind::edge_property:
      throw error(error_kind::invalid_argument,
                  fmt::format("--arg {}: '{}' ({}) holds the graph's weights", p.name, p.name, type));
    case dsl::type_kind::node_set:
    case dsl::type_kind::edge_set:
      throw error(error_kind::invalid_argument,
                  fmt::format("--arg {}: '{}' is a set ({}): give it with --set {}=ID,ID,...", p.name, p.name,
                              type, p.name));
    default:
      return;
  }
}

dsl::scalar parse_scalar(const dsl::parameter& p, const std::string& text, const loaded_graph& input) {
  const std::string what = fmt::format("--arg {}", p.name);
  refuse_value(p);
  switch (p.type.kind) {
    case dsl::type_kind::node:
      return dsl::scalar::of_int(
          internal_vertex(input.graph, parse_id(text, what), input.name, input.origin, what),
          dsl::value_kind::node);
    case dsl::type_kind::bool_:
      if (text == "True" || text == "true") return dsl::scalar::of_bool(true);
      if (text == "False" || text == "false") return dsl::scalar::of_bool(false);
      throw error(error_kind::invalid_argument, fmt::format("{}: '{}' is not True or False", what, text));
    case dsl::type_kind::float_:
    case dsl::type_kind::double_: {
      char* end = nullptr;
      const double v = std::strtod(text.c_str(), &end);
      if (text.empty() || *end != '\0')
        throw error(error_kind::invalid_argument, fmt::format("{}: '{}' is not a number", what, text));
      return dsl::scalar::of_double(v);
    }
    default: {
      std::int64_t v = 0;
      const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (problem != std::errc() || end != text.data() + text.size())
        throw error(error_kind::invalid_argument, fmt::format("{}: '{}' is not an integer", what, text));
      return dsl::scalar::of_int(v, dsl::value_kind::long_);
    }
  }
}

/// The function's inputs from --arg and --set, every scalar, node and set parameter given once.
dsl::run_inputs parse_inputs(const dsl::function& f, const dsl_run_options& options,
                             const loaded_graph& input) {
  const csr_graph& graph = input.graph;
  dsl::run_inputs inputs;
  const auto parameter = [&](const std::string& name, std::string_view option) -> const dsl::parameter& {
    for (const dsl::parameter& p : f.parameters)
      if (p.name == name) return p;
    std::vector<std::string> names;
    for (const dsl::parameter& p : f.parameters) names.push_back(p.name);
    throw error(error_kind::invalid_argument, fmt::format("{} {}: '{}' has no such parameter ({})", option,
                                                          name, f.name, first_names(names)));
  };
  for (const std::string& text : options.args) {
    const auto [name, value] = split_assignment(text, "--arg");
    const dsl::scalar v = parse_scalar(parameter(name, "--arg"), value, input);
    if (!inputs.scalars.emplace(name, v).second)
      throw error(error_kind::invalid_argument, fmt::format("--arg {} is given twice", name));
  }
  for (const std::string& text : options.sets) {
    const auto [name, list] = split_assignment(text, "--set");
    if (parameter(name, "--set").type.kind != dsl::type_kind::node_set)
      throw error(error_kind::invalid_argument, fmt::format("--set {}: the parameter is not a SetN", name));
    if (inputs.sets.contains(name))
      throw error(error_kind::invalid_argument, fmt::format("--set {} is given twice", name));
    std::vector<vertex_t>& members = inputs.sets[name];
    std::vector<bool> listed(graph.num_vertices());
    for (std::size_t begin = 0; begin <= list.size();) {
      const std::size_t end = std::min(list.find(',', begin), list.size());
      const std::string_view id = std::string_view(list).substr(begin, end - begin);
      const std::string what = "--set " + name;
      const vertex_t v = internal_vertex(graph, parse_id(id, what), input.name, input.origin, what);
      // A SetN is a set: a vertex listed twice would be visited twice.
      if (listed[v])
        throw error(error_kind::invalid_argument,
                    fmt::format("--set {}: vertex {} listed twice", name, graph.original_id(v)));
      listed[v] = true;
      members.push_back(v);
      begin = end + 1;
    }
  }
  for (const dsl::parameter& p : f.parameters) {
    const bool scalar_like =
        p.type.kind != dsl::type_kind::graph && p.type.kind != dsl::type_kind::directed_graph &&
        p.type.kind != dsl::type_kind::node_property && p.type.kind != dsl::type_kind::edge_property;
    const bool given = inputs.scalars.contains(p.name) || inputs.sets.contains(p.name);
    if (scalar_like && !given)
      throw error(error_kind::invalid_argument,
                  fmt::format("'{}' needs its parameter '{}': give it with {} {}=...", f.name, p.name,
                              p.type.kind == dsl::type_kind::node_set ? "--set" : "--arg", p.name));
  }
  return inputs;
}

std::string format_value(const dsl::scalar& v) {
  switch (v.kind) {
    case dsl::value_kind::bool_:
      return v.boolean ? "True" : "False";
    // The shortest text that reads back to the same value (fmt's "{}"), of the type declared.
    case dsl::value_kind::float_:
      if (std::isinf(v.floating)) return v.floating > 0 ? "INF" : "-INF";
      return fmt::format("{}", static_cast<float>(v.floating));
    case dsl::value_kind::double_:
      return std::isinf(v.floating) ? (v.floating > 0 ? "INF" : "-INF") : fmt::format("{}", v.floating);
    case dsl::value_kind::int_:
      return v.integer == std::numeric_limits<std::int32_t>::max() ? "INF" : fmt::format("{}", v.integer);
    case dsl::value_kind::long_:
      return v.integer == std::numeric_limits<std::int64_t>::max() ? "INF" : fmt::format("{}", v.integer);
    default:
      return fmt::format("{}", v.integer);
  }
}

/// A value as printed: a node by its id in the input (a node that is no vertex, INF or -1 as
/// a program may store for "none", as it is).
std::string format_value(const dsl::scalar& v, const csr_graph& graph) {
  if (v.kind != dsl::value_kind::node) return format_value(v);
  if (v.integer == invalid_vertex) return "INF";
  if (v.integer < 0 || v.integer >= graph.num_vertices()) return fmt::format("{}", v.integer);
  return fmt::format("{}", graph.original_id(static_cast<vertex_t>(v.integer)));
}

void write_properties(const std::filesystem::path& path, const csr_graph& graph,
                      const dsl::run_outputs& outputs) {
  io::atomic_file file(path);
  std::string line = "# vertex";
  for (const auto& [name, values] : outputs.properties) line += "\t" + name;
  file.write(line + "\n");
  for (vertex_t v = 0; v < graph.num_vertices(); ++v) {
    line = fmt::format("{}", graph.original_id(v));
    for (const auto& [name, values] : outputs.properties)
      line += "\t" + format_value(values.values[v], graph);
    file.write(line + "\n");
  }
  file.commit();
}

}  // namespace

void run_dsl(const dsl_run_options& options) {
  if (!options.schedules.empty() && options.device == "interpreter")
    throw error(error_kind::invalid_argument, "--schedule applies to compiled runs (--device host or cuda)");
  dsl::schedule plan;
  for (const std::string& text : options.schedules) dsl::parse_schedule(text, plan);
  const checked_dsl_program program = read_dsl_program(options.program);
  const dsl::function& f = chosen_function(program.tree, options.function);
  // With the values on standard output, the report goes to standard error (as plexus run's).
  std::vector<std::filesystem::path> input_paths = input_files(options.load.graph, options.load.read);
  input_paths.push_back(options.program);
  const bool values_to_stdout =
      !options.out.empty() && io::check_output(options.out, input_paths) == io::output_kind::standard_output;
  std::FILE* report = values_to_stdout ? stderr : stdout;
  load_request request = options.load;
  if (options.directed || options.undirected) request.directed = options.directed;
  const loaded_graph loaded = load_graph(request);
  const csr_graph& graph = loaded.graph;
  const std::string& graph_name = loaded.name;
  const dsl::run_inputs inputs = parse_inputs(f, options, loaded);
  for (const dsl::parameter& p : f.parameters)
    if (p.type.kind == dsl::type_kind::edge_property && !graph.weighted())
      throw error(
          error_kind::invalid_argument,
          fmt::format("'{}' reads the edge property '{}', but {} has no weights: give a weighted graph or "
                      "--random-weights",
                      f.name, p.name, graph_name));
  dsl::check_edge_weights(f, graph);
  dsl::run_outputs outputs;
  double seconds = 0;
  std::string engine = "interpreter (serial reference semantics)";
  if (options.device == "interpreter") {
    const timer clock;
    outputs = dsl::interpret(program.tree, program.file, f.name, graph, inputs);
    seconds = clock.seconds();
  } else {
    dsl::compiled_run run = dsl::run_compiled(program.tree, program.types, program.file, f, graph, inputs,
                                              parse_backend(options.device), plan);
    outputs = std::move(run.outputs);
    seconds = run.seconds;
    engine = run.build_seconds > 0 ? fmt::format("compiled for {} (built in {:.1f} s, kept in {})",
                                                 options.device, run.build_seconds, run.cache)
                                   : fmt::format("compiled for {} (from {})", options.device, run.cache);
  }
  print_line(report, "Program", fmt::format("{} ({})", program.file.name(), f.name));
  print_line(report, "Graph", input_label(loaded));
  print_line(report, "Load Time", seconds_text(loaded.load_seconds));
  print_line(report, "Engine", engine);
  print_line(report, "Run Time", seconds_text(seconds));
  if (outputs.returned) print_line(report, "Returned", format_value(*outputs.returned, graph));
  for (const auto& [name, values] : outputs.properties) print_line(report, "Property", name);
  if (!options.out.empty()) write_properties(options.out, graph, outputs);
  print_line(report, "Total Time", seconds_text(seconds_since_start()));
}

}  // namespace plexus::cli
