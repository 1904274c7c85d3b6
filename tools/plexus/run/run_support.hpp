// What `plexus run` and `plexus bench` share: turning a GRAPH argument into a csr_graph or a
// hypergraph, and reporting what was loaded and where it went.
//
// GRAPH is a file in any format io::read_graph accepts, or "kron:SCALE[:EDGEFACTOR]" for a
// Graph500 Kronecker graph (seed 1, undirected unless --directed); an empty GRAPH means
// kron:16:16, so the commands run with no input at all. The hypergraph algorithms take a
// hypergraph file (any format io::read_hypergraph accepts, or .plx) or "hyper:PINS_MILLIONS"
// for the skewed random hypergraph of generators::skewed_hypergraph_options; for them an
// empty GRAPH means hyper:1.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "common/load.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/device/device_hypergraph.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "plexus/graph/relabel.hpp"

namespace plexus::cli {

inline constexpr int kDefaultKronScale = 16;
inline constexpr int kDefaultKronEdgeFactor = 16;
/// Millions of pins of the hypergraph generated when no hypergraph is named.
inline constexpr double kDefaultHyperPinsMillions = 1;

struct load_request {
  std::string graph;                         // file ("-": standard input), "kron:SCALE[:EDGEFACTOR]" or empty
  std::optional<bool> directed;              // --directed / --undirected; unset: what the input says
  std::string format;                        // --format; empty: from the file name
  read_settings read;                        // --weight-column, --self-loops, --vertex-file, --max-inflate
  bool random_weights = false;               // replace weights by uniform integers in [1, 255]
  vertex_order order = vertex_order::input;  // --order: renumber vertices after loading
  bool keep_input = false;                   // --validate: keep the graph as read beside a renumbered one
};

struct loaded_graph {
  csr_graph graph;
  std::string name;  // file name or "kron-SCALE-EDGEFACTOR"
  input_origin origin = input_origin::file;
  std::string direction;  // "undirected (file header)": the direction used and what decided it
  double load_seconds = 0;
  vertex_order order = vertex_order::input;
  /// The graph as read, when keep_input was asked and --order renumbered it: verifiers check
  /// results against it, in its ids (run_request::input_graph).
  std::optional<csr_graph> input;
  host_vector<vertex_t> input_vertex;  // with `input`: the vertex of `input` each vertex of graph is
};

/// Refuses, as load_graph or load_hypergraph would, a kron: or hyper: spec that is malformed or
/// names the other kind of input, reading and generating nothing: a command given several
/// inputs checks them all before its first load. A file's name passes.
void check_input_spec(const std::string& spec, input_kind kind);

/// The generator's options of a "kron:SCALE[:EDGEFACTOR]" spec (or of the empty spec, which
/// means kron:16:16), directed when `directed` says so; nullopt for anything else (a file).
/// Throws plexus::error(invalid_argument) for a malformed spec.
std::optional<generators::kronecker_options> kronecker_spec(const std::string& spec,
                                                            std::optional<bool> directed);

/// The name a generated Kronecker graph goes by in reports: "kron-16-16".
std::string kronecker_name(const generators::kronecker_options& options);

/// Reads (through load_input, see load.hpp) or generates the graph. Directed graphs get
/// their reverse CSR, which pull-direction BFS needs. A hypergraph input is refused by name.
/// Random weights are drawn before any relabelling, so every order weighs the same edges
/// alike; load_seconds includes the relabelling (and not the copy keep_input keeps).
loaded_graph load_graph(const load_request& request);

struct loaded_hypergraph {
  hypergraph graph;
  std::string name;  // file name or "hyper-PINS_MILLIONS"
  input_origin origin = input_origin::file;
  double load_seconds = 0;
};

/// Reads (through load_input) or generates the hypergraph; a graph input is refused by name.
/// Only request.graph and request.format are used.
loaded_hypergraph load_hypergraph(const load_request& request);

/// The same graph with every arc weighted by an integer uniform in [1, 255] drawn from a
/// counter-based stream keyed by the input's ids of the arc's endpoints (unordered for
/// undirected graphs, so both directions of an edge agree): deterministic for a seed whatever
/// the thread count and the vertex numbering.
csr_graph with_random_weights(const csr_graph& graph, std::uint64_t seed = 1);

/// The "Graph:", "Direction:", "Load Time:" and (when relabelled) "Vertex Order:" lines of
/// run and bench, printed to `to` (nothing when it is null: --quiet, --json).
void print_loaded(const loaded_graph& loaded, bool random_weights, std::FILE* to);
/// The "Hypergraph:" and "Load Time:" lines of run and bench.
void print_loaded(const loaded_hypergraph& loaded, std::FILE* to);
/// The "Device:" and "Upload Time:" lines of run and bench.
void print_device(backend where, double upload_seconds, std::FILE* to);

}  // namespace plexus::cli
