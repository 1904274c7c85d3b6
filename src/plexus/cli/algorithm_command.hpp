// The command line's view of an algorithm. Each algorithm folder holds a <name>_cli.cpp that
// defines an algorithm_command and registers it with PLEXUS_REGISTER_ALGORITHM; `plexus run`,
// `plexus bench` and the default job go through the registry and hold no per-algorithm code.
//
// An algorithm_command has a name, a one-line summary, the kind of input it takes and a
// position in listings. It adds its own options to `plexus run NAME` (and, where it has any,
// to `plexus bench`), keeping the values in its own members, and runs once per request:
//   purpose run    with those options (a source of its own from -s, or a default);
//   purpose bench  with defaults that give every trial the same work, from the request's
//                  source where it takes one (drawn per trial by the bench);
//   purpose suite  with defaults that keep the default job quick.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "plexus/device/memory_need.hpp"
#include "plexus/cli/run_report.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/device/device_hypergraph.hpp"
#include "plexus/dist/local_graph.hpp"
#include "plexus/outofcore/engine.hpp"

namespace plexus::cli {

struct distributed_request;
struct distributed_report;

enum class input_kind { graph, hypergraph };
enum class run_purpose { run, bench, suite };
/// Whether the input was read from a file or generated (kron:, hyper:), for messages that say
/// how its vertices are named: a file's vertices by the file's own ids.
enum class input_origin { file, generated };

/// A run that streams the graph's arcs from host memory instead of uploading them
/// (outofcore/engine.hpp): `plexus run --engine out-of-core`, or `auto` when the graph does
/// not fit the device.
struct streaming_run {
  const csr_graph* graph = nullptr;  // the host graph; its arcs stay in host memory
  backend where = backend::host;
  outofcore::engine_options options;
  outofcore::engine_report* report = nullptr;  // the run's plan and figures, filled by it
};

/// What the command hands an algorithm for one run.
struct run_request {
  run_purpose purpose = run_purpose::run;
  const device_graph* graph = nullptr;            // set for graph algorithms, unless streaming
  const streaming_run* streaming = nullptr;       // set instead of graph for an out-of-core run
  const device_hypergraph* hypergraph = nullptr;  // set for hypergraph algorithms
  std::string input_name;                         // the input as the user named it, for messages
  input_origin origin = input_origin::file;
  /// With validate: the graph as the input gave it, when the run's graph is a renumbering of
  /// it (--order degree), and the vertex of it that each of the run's vertices is. Verifiers
  /// check results carried into its ids (cli/input_ids.hpp); null: the run's graph is the
  /// input's.
  const csr_graph* input_graph = nullptr;
  std::span<const vertex_t> input_vertex;
  bool validate = false;
  bool writes_output = false;      // `run --out` was given
  std::optional<vertex_t> source;  // bench and suite: the source (internal id)
  std::uint64_t seed = 1;          // bench: its --seed, for what an algorithm draws
};

/// Whether `message` opens with the input's name, "input_name: ".
inline bool names_input(std::string_view input_name, std::string_view message) {
  return message.starts_with(input_name) && message.substr(input_name.size()).starts_with(": ");
}

/// f(): an input the algorithm cannot take (plexus::error of kind unsupported, such as a
/// negative weight) is reported as a problem of the input, named as the user named it:
/// "soc-sign-bitcoinalpha.csv: SSSP needs non-negative weights, but ...". A message that names
/// the input already is left as it is.
template <class F>
decltype(auto) naming_input(const run_request& request, F&& f) {
  try {
    return f();
  } catch (const error& e) {
    if (e.kind() != error_kind::unsupported || request.input_name.empty()) throw;
    if (names_input(request.input_name, e.what())) throw;  // named already, further in
    throw error(e.kind(), request.input_name + ": " + e.what());
  }
}

/// Options of `plexus run` that change how the graph is loaded (an algorithm may add them).
struct load_settings {
  bool random_weights = false;  // replace weights by deterministic integers in [1, 255]
};

class algorithm_command {
 public:
  algorithm_command(std::string name, std::string summary, input_kind input, int position,
                    bool single_source = false);
  virtual ~algorithm_command() = default;
  algorithm_command(const algorithm_command&) = delete;
  algorithm_command& operator=(const algorithm_command&) = delete;

  const std::string& name() const { return name_; }
  const std::string& summary() const { return summary_; }
  input_kind input() const { return input_; }
  /// Where the algorithm stands in listings and in the default job (smaller first).
  int position() const { return position_; }
  /// Whether a run starts from one vertex (bench draws one per trial).
  bool single_source() const { return single_source_; }
  /// Whether the algorithm can run on the out-of-core engine (run_request::streaming).
  virtual bool streams() const { return false; }

  /// Adds the options of `plexus run NAME` beyond the common ones.
  virtual void add_run_options(CLI::App& run, load_settings& load);
  /// Adds the options of `plexus bench` this algorithm reads; an option another algorithm
  /// added already is not added again (find it with bench.get_option_no_throw).
  virtual void add_bench_options(CLI::App& bench);
  virtual run_report run(const run_request& request) = 0;
  /// Whether `plexus run NAME --distributed` runs it, and the order its ranks' local lists must
  /// be in (dist/local_graph.hpp); nullopt where it does not run distributed yet.
  virtual std::optional<dist::list_order> distributed_lists() const { return std::nullopt; }
  /// One rank's share of a distributed run (cli/distributed_run.hpp), where distributed_lists()
  /// says it runs distributed.
  virtual distributed_report run_distributed(const distributed_request& request);
  /// Bytes a run with the options given allocates on its back end's device for an input of
  /// this shape, beyond the input's own copy (cli/memory_need.hpp): working arrays, the result
  /// before its download, vendor scratch. An upper estimate: `plexus run` refuses a run whose
  /// estimate does not fit and prints it beside the measured peak, `plexus info` lists it.
  virtual std::uint64_t working_bytes(const input_shape& shape, backend where) const = 0;

 private:
  std::string name_, summary_;
  input_kind input_;
  int position_;
  bool single_source_;
};

/// Every registered algorithm, by position.
std::vector<algorithm_command*> registered_algorithms();
/// The algorithm named `name`; throws plexus::error(invalid_argument) naming the choices.
algorithm_command& find_algorithm(std::string_view name);
/// Every registered algorithm's name, by position.
std::vector<std::string> algorithm_names();
/// The names of those that run distributed (distributed_lists()), by position.
std::vector<std::string> distributed_algorithm_names();

struct algorithm_registration {
  explicit algorithm_registration(algorithm_command& command);
};

}  // namespace plexus::cli

#define PLEXUS_REGISTER_ALGORITHM_CONCAT_(a, b) a##b
#define PLEXUS_REGISTER_ALGORITHM_CONCAT(a, b) PLEXUS_REGISTER_ALGORITHM_CONCAT_(a, b)
/// Registers an algorithm_command type with the command line: PLEXUS_REGISTER_ALGORITHM(bfs_command);
#define PLEXUS_REGISTER_ALGORITHM(type)                                          \
  static type PLEXUS_REGISTER_ALGORITHM_CONCAT(plexus_algorithm_, __LINE__);     \
  static ::plexus::cli::algorithm_registration PLEXUS_REGISTER_ALGORITHM_CONCAT( \
      plexus_registration_, __LINE__)(PLEXUS_REGISTER_ALGORITHM_CONCAT(plexus_algorithm_, __LINE__))
