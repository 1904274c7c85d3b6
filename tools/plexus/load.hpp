// Loading a graph or hypergraph for a command: the input options every command that reads
// a file shares (--format, --directed/--undirected, --hypergraph), the graph-or-hypergraph
// decision, and the load and build timings the reports print.
#pragma once

#include <CLI/CLI.hpp>

#include <filesystem>
#include <optional>
#include <string>

#include "plexus/core/progress.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::cli {

struct input_options {
  std::filesystem::path path;
  std::string format = "auto";
  bool directed = false;
  bool undirected = false;
  bool hypergraph = false;
  /// Directed graphs: also build the reverse CSR (in-degree statistics, pull algorithms).
  bool build_in_edges = true;
};

/// Adds INPUT (positional, required) and the reading options to `app`.
void add_input_options(CLI::App& app, input_options& options);

struct loaded_input {
  std::optional<csr_graph> graph;       // exactly one of graph and hypergraph is set
  std::optional<plexus::hypergraph> hypergraph;
  std::string format;                   // the format that was read ("mtx", "plx", "hmetis", ...)
  double load_seconds = 0;              // reading and parsing the file
  double build_seconds = 0;             // building the CSR / incidence arrays (0 for .plx)
};

/// Reads the input named by `options`; progress goes to `progress` (may be empty).
loaded_input load_input(const input_options& options, const progress_fn& progress);

}  // namespace plexus::cli
