// Loading a graph or hypergraph for a command: the input options every command that reads
// a file shares (--format, --directed/--undirected, --hypergraph, --weight-column,
// --self-loops, --vertex-file, --max-inflate), the graph-or-hypergraph decision, and the
// load and build timings the reports print.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plexus/core/progress.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::cli {

/// How text inputs are read, beyond their format and direction.
struct read_settings {
  unsigned weight_column = 0;       // --weight-column N; 0: the format's rule
  std::string self_loops = "drop";  // --self-loops keep|drop
  std::string max_inflate;          // --max-inflate SIZE; empty: the default limit
  std::string vertex_file;          // --vertex-file FILE|none; empty: NAME.v beside NAME.e
};

/// Adds --max-inflate, and with `graph_options` also --weight-column, --self-loops and
/// --vertex-file, to `app`.
void add_read_settings(CLI::App& app, read_settings& settings, bool graph_options);

/// The files reading `input` with `read` will open: the input itself and, for a Graphalytics
/// .e file, its vertex file. Outputs are checked against them before any work (an output
/// that is one of them would destroy the input).
std::vector<std::filesystem::path> input_files(const std::string& input, const read_settings& read);

/// Bytes in "SIZE": a number with an optional binary suffix K, M, G, T (or KiB, ...): "64G".
/// Throws plexus::error (invalid_argument) naming `option` when it is not one.
std::uint64_t parse_size(std::string_view text, std::string_view option);

struct input_options {
  std::filesystem::path path;  // "-" is standard input
  std::string format = "auto";
  bool directed = false;
  bool undirected = false;
  bool hypergraph = false;
  /// Directed graphs: also build the reverse CSR (in-degree statistics, pull algorithms).
  bool build_in_edges = true;
  read_settings read;
};

/// Adds INPUT (positional, required) and the reading options to `app`.
void add_input_options(CLI::App& app, input_options& options);

struct loaded_input {
  std::optional<csr_graph> graph;  // exactly one of graph and hypergraph is set
  std::optional<plexus::hypergraph> hypergraph;
  std::string format;        // the format that was read ("mtx", "plx", "hmetis", ...)
  std::string direction;     // graphs: "undirected (file header)", "directed (--directed)", ...
  std::string vertex_file;   // the Graphalytics vertex file read, if any
  double load_seconds = 0;   // reading and parsing the file
  double build_seconds = 0;  // building the CSR / incidence arrays (0 for .plx)
};

/// Reads the input named by `options`; progress goes to `progress` (may be empty).
loaded_input load_input(const input_options& options, const progress_fn& progress);

}  // namespace plexus::cli
