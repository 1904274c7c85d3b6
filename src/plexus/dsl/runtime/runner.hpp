// The main() of a compiled DSL program run by `plexus dsl run --device ...` (emit_runner.hpp
// writes one per function and back end): it reads the graph the command line loaded (a .plx
// file), the function's arguments and sets, runs the generated function once, and writes what
// it computed for the command line to print.
//
//   runner GRAPH.plx ARGUMENTS OUTPUTS
//
// ARGUMENTS holds a line `scalar NAME VALUE` per scalar or node parameter (ids internal) and
// `set NAME ID ID ...` per SetN. OUTPUTS gets `seconds S`, `returned KIND VALUE` for a returned
// value, and per node-property parameter `property NAME KIND` followed by one value per vertex,
// a line each. KIND is int, long, float, double, bool or node. A failure prints one line to
// standard error and exits with status 1; an error of the program itself (a node outside the
// graph, at its place in the program: plexus::error of kind parse) exits with
// kProgramErrorStatus, so that the command line reports it as the interpreter would.
#pragma once

#include <chrono>
#include <cstdio>
#include <exception>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "plexus/core/host_vector.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/dsl/runtime/runtime.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus::dsl::runtime {

class runner_io {
 public:
  runner_io(const std::string& graph, const std::string& arguments, const std::string& outputs)
      : graph(io::read_graph(graph)), out_(outputs) {
    std::ifstream in(arguments);
    if (!in) throw std::runtime_error("cannot read the arguments file " + arguments);
    std::string line;
    while (std::getline(in, line)) {
      std::istringstream fields(line);
      std::string what, name;
      fields >> what >> name;
      if (what == "scalar") {
        fields >> scalars_[name];
      } else if (what == "set") {
        std::vector<vertex_t>& ids = sets_[name];
        for (unsigned long long id; fields >> id;) ids.push_back(static_cast<vertex_t>(id));
      }
    }
  }

  csr_graph graph;

  template <class T>
  T scalar(const std::string& name) const {
    const auto found = scalars_.find(name);
    if (found == scalars_.end()) throw std::runtime_error("no value for the parameter " + name);
    if constexpr (std::is_same_v<T, bool>) return found->second == "1" || found->second == "true";
    if constexpr (std::is_floating_point_v<T>)
      return static_cast<T>(std::stod(found->second));
    else
      return static_cast<T>(std::stoll(found->second));
  }
  const std::vector<vertex_t>& set(const std::string& name) const { return sets_.at(name); }

  void start() { start_ = std::chrono::steady_clock::now(); }
  template <class Space>
  void stop(const Space& space) {
    space.synchronize();
    text_ += "seconds " + std::to_string(std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count()) +
             "\n";
  }
  template <class T>
  void returned(const char* kind, T value) {
    text_ += std::string("returned ") + kind + " " + as_text(value) + "\n";
  }
  template <class T>
  void property(const char* name, const char* kind, const host_vector<T>& values) {
    text_ += std::string("property ") + name + " " + kind + "\n";
    for (const T& v : values) text_ += as_text(v) + "\n";
  }
  void write() const {
    std::ofstream out(out_);
    out << text_;
    if (!out) throw std::runtime_error("cannot write the outputs file " + out_);
  }

 private:
  template <class T>
  static std::string as_text(T v) {
    if constexpr (std::is_floating_point_v<T>) {
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "%.17g", static_cast<double>(v));
      return buffer;
    } else {
      return std::to_string(v);
    }
  }

  std::map<std::string, std::string> scalars_;
  std::map<std::string, std::vector<vertex_t>> sets_;
  std::string out_, text_;
  std::chrono::steady_clock::time_point start_;
};

/// The graph as generated functions take it, in the memory of Space.
template <class Space>
struct device_view {
  device_graph on_device;
  graph view;
  explicit device_view(const csr_graph& g)
      : on_device(g, Space::kind),
        view{on_device.out_view(),
             on_device.has_in_edges() ? on_device.in_view() : g.directed() ? csr_view{} : on_device.out_view(),
             g.num_vertices()} {}
};

/// The runner's exit status when the program failed at a place of its own.
inline constexpr int kProgramErrorStatus = 3;

template <class Body>
int run_main(int argc, char** argv, Body body) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s GRAPH.plx ARGUMENTS OUTPUTS\n", argv[0]);
    return 2;
  }
  try {
    runner_io io(argv[1], argv[2], argv[3]);
    try {
      body(io);
    } catch (const error& e) {
      // The generated function's errors of kind parse are its checks', at a place of the program.
      if (e.kind() != error_kind::parse) throw;
      std::fprintf(stderr, "%s\n", e.what());
      return kProgramErrorStatus;
    }
    io.write();
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

}  // namespace plexus::dsl::runtime
