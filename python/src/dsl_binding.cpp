#include "dsl_binding.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "arrays.hpp"
#include "graph_binding.hpp"
#include "plexus/core/error.hpp"
#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/diagnostics.hpp"
#include "plexus/dsl/interpreter.hpp"
#include "plexus/dsl/jit/compiled_run.hpp"
#include "plexus/dsl/parser.hpp"
#include "plexus/dsl/runtime/vertex_range.hpp"
#include "plexus/dsl/types.hpp"
#include "run_helpers.hpp"

namespace py = pybind11;

namespace plexus::python {

namespace {

/// A program's text read, parsed and checked, with every diagnostic found.
struct read_program {
  dsl::source_file file;
  dsl::diagnostics problems{file};
  dsl::program tree;
  dsl::checked_program types;

  read_program(const std::string& name, const std::string& text) : file(name, text) {
    tree = dsl::parse(file, problems);
    if (!problems.has_errors()) types = dsl::check(tree, problems);
  }
  read_program(const read_program&) = delete;
};

py::list diagnostics_of(const read_program& read) {
  py::list out;
  for (const dsl::diagnostic& d : read.problems.all()) {
    const dsl::line_column at = read.file.position(d.range.begin);
    const dsl::line_column end = read.file.position(d.range.end);
    py::dict item;
    item["severity"] = d.level == dsl::severity::error ? "error" : "warning";
    item["line"] = at.line;
    item["column"] = at.column;
    item["end_line"] = end.line;
    item["end_column"] = end.column;
    item["message"] = d.message;
    item["headline"] = read.problems.headline(d);
    item["text"] = read.problems.render(d);
    out.append(std::move(item));
  }
  return out;
}

py::dict dsl_check(const std::string& text, const std::string& name) {
  const read_program read(name, text);
  py::dict out;
  out["diagnostics"] = diagnostics_of(read);
  out["stopped"] = read.problems.stopped();
  py::list functions;
  for (const dsl::function& f : read.tree.functions) functions.append(f.name);
  out["functions"] = functions;
  return out;
}

const dsl::function& chosen_function(const dsl::program& tree, const std::optional<std::string>& name) {
  std::string names;
  for (const dsl::function& f : tree.functions) names += (names.empty() ? "" : ", ") + f.name;
  if (!name) {
    if (tree.functions.size() == 1) return tree.functions[0];
    throw error(error_kind::invalid_argument, "the program has " + std::to_string(tree.functions.size()) +
                                                  " functions: name one with function= (" + names + ")");
  }
  for (const dsl::function& f : tree.functions)
    if (f.name == *name) return f;
  throw error(error_kind::invalid_argument,
              "function " + *name + ": the program has no such function (" + names + ")");
}

/// A Python int as a 64-bit integer, else an error naming the argument (a cast would only say
/// that it failed).
std::int64_t whole_argument(const std::string& name, const py::handle& value) {
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow != 0)
    throw error(
        error_kind::invalid_argument,
        "argument " + name + " = " + py::str(value).cast<std::string>() + " does not fit a 64-bit integer");
  return v;
}

vertex_t vertex_argument(const csr_graph& graph, const std::string& name, const py::handle& value) {
  if (py::isinstance<py::bool_>(value) || !py::isinstance<py::int_>(value))
    throw error(error_kind::invalid_argument, "argument " + name + " is a node: give a vertex number");
  const std::int64_t id = whole_argument(name, value);
  if (!dsl::runtime::is_vertex(id, graph.num_vertices()))
    throw error(error_kind::invalid_argument, "argument " + name + " = " + std::to_string(id) +
                                                  " is not a vertex (" +
                                                  dsl::runtime::vertex_ids(graph.num_vertices()) + ")");
  return static_cast<vertex_t>(id);
}

/// A parameter's value from Python, as the command line's --arg and --set take it (vertices
/// by their number in the graph).
void add_argument(dsl::run_inputs& inputs, const dsl::parameter& p, const py::handle& value,
                  const csr_graph& graph) {
  const std::string& name = p.name;
  switch (p.type.kind) {
    case dsl::type_kind::graph:
    case dsl::type_kind::directed_graph:
      throw error(error_kind::invalid_argument,
                  "argument " + name + " is the graph, which run's graph gives");
    case dsl::type_kind::node_property:
      throw error(error_kind::invalid_argument,
                  "argument " + name + " is an output: the program computes it and run returns it");
    case dsl::type_kind::edge_property:
      throw error(error_kind::invalid_argument, "argument " + name + " holds the graph's weights");
    case dsl::type_kind::edge_set:
    case dsl::type_kind::edge:
      throw error(error_kind::unsupported, "argument " + name + ": edges cannot be given to a run");
    case dsl::type_kind::node_set: {
      std::vector<vertex_t>& members = inputs.sets[name];
      std::vector<bool> listed(graph.num_vertices());
      for (const py::handle item : value) {
        const vertex_t v = vertex_argument(graph, name, item);
        if (listed[v])
          throw error(error_kind::invalid_argument,
                      "argument " + name + ": vertex " + std::to_string(v) + " listed twice");
        listed[v] = true;
        members.push_back(v);
      }
      return;
    }
    case dsl::type_kind::node:
      inputs.scalars[name] = dsl::scalar::of_int(vertex_argument(graph, name, value), dsl::value_kind::node);
      return;
    case dsl::type_kind::bool_:
      if (!py::isinstance<py::bool_>(value))
        throw error(error_kind::invalid_argument, "argument " + name + " is a bool: give True or False");
      inputs.scalars[name] = dsl::scalar::of_bool(value.cast<bool>());
      return;
    case dsl::type_kind::float_:
    case dsl::type_kind::double_:
      if (py::isinstance<py::bool_>(value) ||
          !(py::isinstance<py::float_>(value) || py::isinstance<py::int_>(value)))
        throw error(error_kind::invalid_argument, "argument " + name + " is a number");
      inputs.scalars[name] = dsl::scalar::of_double(value.cast<double>());
      return;
    case dsl::type_kind::int_:
    case dsl::type_kind::long_:
      if (py::isinstance<py::bool_>(value) || !py::isinstance<py::int_>(value))
        throw error(error_kind::invalid_argument, "argument " + name + " is an integer");
      inputs.scalars[name] = dsl::scalar::of_int(whole_argument(name, value), dsl::value_kind::long_);
      return;
  }
}

/// One value as Python holds it: a node as its vertex number, -1 for none (INF).
py::object python_value(const dsl::scalar& v) {
  switch (v.kind) {
    case dsl::value_kind::bool_:
      return py::bool_(v.boolean);
    case dsl::value_kind::float_:
    case dsl::value_kind::double_:
      return py::float_(v.floating);
    case dsl::value_kind::node:
      return py::int_(v.integer == invalid_vertex ? -1 : v.integer);
    default:
      return py::int_(v.integer);
  }
}

template <class T, class Value>
py::array_t<T> column(const dsl::property_values& p, Value value) {
  py::array_t<T> out = fresh_array<T>(p.values.size());
  T* to = out.mutable_data();
  for (std::size_t i = 0; i < p.values.size(); ++i) to[i] = value(p.values[i]);
  return out;
}

py::array property_array(const dsl::property_values& p) {
  switch (p.element) {
    case dsl::value_kind::bool_:
      return column<bool>(p, [](const dsl::scalar& v) { return v.boolean; });
    case dsl::value_kind::float_:
      return column<float>(p, [](const dsl::scalar& v) { return static_cast<float>(v.floating); });
    case dsl::value_kind::double_:
      return column<double>(p, [](const dsl::scalar& v) { return v.floating; });
    case dsl::value_kind::int_:
      return column<std::int32_t>(p,
                                  [](const dsl::scalar& v) { return static_cast<std::int32_t>(v.integer); });
    case dsl::value_kind::node:
      return column<std::int64_t>(
          p, [](const dsl::scalar& v) { return v.integer == invalid_vertex ? std::int64_t{-1} : v.integer; });
    default:
      return column<std::int64_t>(p, [](const dsl::scalar& v) { return v.integer; });
  }
}

py::dict dsl_run(const std::string& text, const std::string& name, const shared_graph& g,
                 const std::optional<std::string>& function, const py::dict& arguments,
                 const std::string& device) {
  const read_program read(name, text);
  if (read.problems.has_errors()) {
    for (const dsl::diagnostic& d : read.problems.all())
      if (d.level == dsl::severity::error)
        throw error(error_kind::parse, read.problems.headline(d) + " (" +
                                           std::to_string(read.problems.errors()) +
                                           (read.problems.errors() == 1 ? " error" : " errors") + ")");
  }
  const dsl::function& f = chosen_function(read.tree, function);
  const csr_graph& graph = g.host();
  dsl::run_inputs inputs;
  for (const auto& [key, value] : arguments) {
    const std::string argument = key.cast<std::string>();
    const dsl::parameter* p = nullptr;
    std::string names;
    for (const dsl::parameter& candidate : f.parameters) {
      if (candidate.name == argument) p = &candidate;
      names += (names.empty() ? "" : ", ") + candidate.name;
    }
    if (p == nullptr)
      throw error(error_kind::invalid_argument,
                  "argument " + argument + ": '" + f.name + "' has no such parameter (" + names + ")");
    add_argument(inputs, *p, value, graph);
  }
  for (const dsl::parameter& p : f.parameters) {
    const bool given = inputs.scalars.contains(p.name) || inputs.sets.contains(p.name);
    switch (p.type.kind) {
      case dsl::type_kind::graph:
      case dsl::type_kind::directed_graph:
      case dsl::type_kind::node_property:
        break;
      case dsl::type_kind::edge_property:
        if (!graph.weighted())
          throw error(error_kind::invalid_argument, "'" + f.name + "' reads the edge property '" + p.name +
                                                        "', but the graph has no weights");
        break;
      default:
        if (!given)
          throw error(error_kind::invalid_argument, "'" + f.name + "' needs its parameter '" + p.name + "'");
    }
  }
  dsl::check_edge_weights(f, graph);
  double seconds = 0;
  std::string engine = "interpreter";
  dsl::run_outputs outputs;
  if (device == "interpreter") {
    outputs = unlocked([&] {
      const auto start = std::chrono::steady_clock::now();
      dsl::run_outputs computed = dsl::interpret(read.tree, read.file, f.name, graph, inputs);
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return computed;
    });
  } else {
    const backend where = parse_backend(device);
    dsl::compiled_run run = unlocked(
        [&] { return dsl::run_compiled(read.tree, read.types, read.file, f, graph, inputs, where); });
    outputs = std::move(run.outputs);
    seconds = run.seconds;
    engine = "compiled for " + device + " (" + run.cache + ")";
  }
  py::dict properties;
  for (const auto& [property, values] : outputs.properties)
    properties[py::str(property)] = property_array(values);
  py::dict out;
  out["properties"] = properties;
  out["returned"] = outputs.returned ? python_value(*outputs.returned) : py::none();
  out["function"] = f.name;
  out["seconds"] = seconds;
  out["engine"] = engine;
  return out;
}

}  // namespace

void bind_dsl(py::module_& m) {
  m.def("dsl_check", &dsl_check, py::arg("text"), py::arg("name"));
  m.def("dsl_run", &dsl_run, py::arg("text"), py::arg("name"), py::arg("graph"), py::arg("function"),
        py::arg("arguments"), py::arg("device"));
}

}  // namespace plexus::python
