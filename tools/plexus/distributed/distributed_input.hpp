// The input of a distributed command: a .plx file, of which each rank reads only its slice
// (dist/plx_slice.hpp), or kron:SCALE[:EDGEFACTOR], of which each rank draws its share
// (dist/kronecker_slice.hpp); a text format is refused with the command that converts it. And
// what rank 0 says of it: the whole graph's size from every rank's part, and the "Graph:",
// "Direction:", "Load Time:", "Ranks:" and "Transport:" lines.
#pragma once

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "distributed_ranks.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/graph_slice.hpp"
#include "plexus/dist/local_graph.hpp"
#include "plexus/dist/rank_graph.hpp"
#include "plexus/generators/kronecker.hpp"
#include "run/run_support.hpp"

namespace plexus::cli {

/// What a distributed command reads.
struct distributed_input {
  std::optional<generators::kronecker_options> kronecker;
  std::filesystem::path plx;
  std::string name;       // "kron-16-16" or the file's name
  std::string direction;  // the "Direction:" line of a generated graph
};

/// The input `settings` name; throws plexus::error(invalid_argument) for one no rank can read.
distributed_input input_of(const distributed_settings& settings);

/// Collective: this rank's slice of `input`.
dist::rank_slice read_slice(dist::communicator& comm, const distributed_input& input);

/// The request with which one process loads the whole of the input `settings` name: rank 0's
/// graph for --validate and for bench's single-device baseline.
load_request whole_graph_request(const distributed_settings& settings);

/// The whole graph's size, from every rank's part.
struct graph_figures {
  vertex_t vertices = 0;
  edge_t arcs = 0, edges = 0;  // edges: arcs for a directed graph, unordered pairs otherwise
  bool directed = false, weighted = false;
};

/// Collective.
graph_figures figures_of(dist::communicator& comm, const dist::rank_graph& graph);

/// The input's JSON fields, as run and bench describe an input they load whole ("graph",
/// "vertices", "edges", "arcs", "directed", "weighted", "vertex_order", "load_seconds"), then
/// "ranks" and "transport".
nlohmann::ordered_json describe_input(const distributed_input& input, const graph_figures& figures,
                                      double load_seconds, int ranks, const std::string& transport);

/// "kron-12-16 (4096 vertices, 48471 edges)", as a single bench names its input.
std::string input_label(const distributed_input& input, const graph_figures& figures);

/// Prints the "Graph:", "Direction:", "Load Time:", "Ranks:" and "Transport:" lines to `to`
/// (nothing when it is null).
void print_graph_lines(std::FILE* to, const distributed_input& input, const graph_figures& g,
                       double load_seconds, int ranks, const std::string& transport);

}  // namespace plexus::cli
