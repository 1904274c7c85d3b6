// The command line of `plexus bench`: its arguments and the options that set them
// (cmd_bench.cpp runs the bench).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "bench_sources.hpp"
#include "bench_trials.hpp"
#include "common/load.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "run/run_support.hpp"

namespace plexus::cli {

/// The most --trials a bench takes. Every trial's figures are kept for the statistics and the
/// JSON (about half a kilobyte a trial, measured), so the count sizes memory by itself: 2^31
/// trials would hold a terabyte. A hundred thousand hold some 50 MB, far more trials than a
/// median and quartiles need.
inline constexpr int kMaxTrials = 100000;

struct bench_arguments {
  std::vector<std::string> algorithms{"bfs"};
  std::vector<std::string> graphs;
  int kron_scale = kDefaultKronScale;
  CLI::Option* kron_option = nullptr;
  int edge_factor = kDefaultKronEdgeFactor;
  std::vector<std::string> devices;
  int trials = 16;
  int sources = 0;
  std::string sources_from = "largest";
  std::uint64_t seed = 1;
  bool validate = false;
  bool verbose = false;
  bool quiet = false;
  bool random_weights = false;
  bool portability = false;  // efficiencies and PP after the statistics
  std::string order = "input";
  std::string format;
  bool directed = false, undirected = false;
  read_settings read;
  std::string json;
  std::vector<std::string> engines;  // --engine: besides the in-memory reference
  std::vector<std::string> limits;   // --device-memory-limit
  // --distributed (bench_distributed.hpp), with --no-baseline, --gpus, --transport, --comm-timeout.
  bool distributed = false, no_baseline = false;
  int gpus = 0;
  std::string transport;
  double comm_timeout = 600;
  std::vector<const CLI::Option*> graph_only;  // options the hypergraph algorithms refuse
  // Options algorithms added, with the algorithm that reads each.
  std::vector<std::pair<const CLI::Option*, const algorithm_command*>> algorithm_options;
};

/// Adds bench's options to `sub`, each setting a member of `args`, and every registered
/// algorithm's own bench options.
void add_bench_options(CLI::App& sub, bench_arguments& args);

/// The sources --sources (default one per trial), --trials, --seed and --sources-from ask for.
source_request sources_asked(const bench_arguments& args);

/// Sets what `context` takes from the command line: --trials, --validate and --verbose, and
/// where the lines go.
void set_trial_options(const bench_arguments& args, std::FILE* lines, std::FILE* results,
                       trial_context& context);

}  // namespace plexus::cli
