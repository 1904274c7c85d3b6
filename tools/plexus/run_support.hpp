// What `plexus run` and `plexus bench` share: turning a GRAPH argument into a csr_graph or a
// hypergraph, choosing sources, running one traversal or one of the other algorithms and
// measuring it.
//
// GRAPH is a file in any format io::read_graph accepts, or "kron:SCALE[:EDGEFACTOR]" for a
// Graph500 Kronecker graph (seed 1, undirected unless --directed); an empty GRAPH means
// kron:16:16, so the commands run with no input at all. The hypergraph algorithms take a
// hypergraph file (any format io::read_hypergraph accepts, or .plx) or "hyper:PINS_MILLIONS"
// for the skewed random hypergraph of generators::skewed_hypergraph_options; for them an
// empty GRAPH means hyper:1.
//
// Traversed edges follow Graph500 (specification 2.0, section 9 "Performance metric"): the
// undirected edges with both endpoints in the traversed component; for directed graphs the
// arcs leaving reached vertices. GTEPS = traversed edges / traversal seconds / 1e9.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analytics.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/device_graph.hpp"
#include "plexus/graph/device_hypergraph.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "plexus/graph/relabel.hpp"
#include "plexus/algorithms/verdict.hpp"

namespace plexus::cli {

inline constexpr int kDefaultKronScale = 16;
inline constexpr int kDefaultKronEdgeFactor = 16;
/// Millions of pins of the hypergraph generated when no hypergraph is named.
inline constexpr double kDefaultHyperPinsMillions = 1;

struct load_request {
  std::string graph;                         // file, "kron:SCALE[:EDGEFACTOR]" or empty
  std::optional<bool> directed;              // --directed / --undirected; unset: what the input says
  std::string format;                        // --format; empty: from the file name
  bool random_weights = false;               // replace weights by uniform integers in [1, 255]
  vertex_order order = vertex_order::input;  // --order: renumber vertices after loading
};

struct loaded_graph {
  csr_graph graph;
  std::string name;  // file name or "kron-SCALE-EDGEFACTOR"
  double load_seconds = 0;
  vertex_order order = vertex_order::input;
};

/// Reads (through load_input, see load.hpp) or generates the graph. Directed graphs get
/// their reverse CSR, which pull-direction BFS needs. A hypergraph input is refused by name.
/// Random weights are drawn before any relabelling, so every order weighs the same edges
/// alike; load_seconds includes the relabelling.
loaded_graph load_graph(const load_request& request);

struct loaded_hypergraph {
  hypergraph graph;
  std::string name;  // file name or "hyper-PINS_MILLIONS"
  double load_seconds = 0;
};

/// Reads (through load_input) or generates the hypergraph; a graph input is refused by name.
/// Only request.graph and request.format are used.
loaded_hypergraph load_hypergraph(const load_request& request);

/// The same graph with every arc weighted by an integer uniform in [1, 255] drawn from a
/// counter-based stream keyed by the arc's endpoints (unordered for undirected graphs, so both
/// directions of an edge agree): deterministic for a seed whatever the thread count.
csr_graph with_random_weights(const csr_graph& graph, std::uint64_t seed = 1);

/// The "Hypergraph:" and "Load Time:" lines of run and bench.
void print_loaded(const loaded_hypergraph& loaded);
/// The "Device:" and "Upload Time:" lines of run and bench.
void print_device(backend where, double upload_seconds);

/// Maps a source given in the input's original ids to the internal id; throws
/// plexus::error(invalid_argument) when no vertex has that id.
vertex_t internal_source(const csr_graph& graph, std::uint64_t original, const std::string& graph_name);
vertex_t internal_source(const hypergraph& graph, std::uint64_t original, const std::string& graph_name);

/// Default source of `plexus run`: a vertex of maximum out-degree (the smallest such id). It is
/// deterministic, never isolated, and on power-law graphs lies in the giant component, so the
/// run measures a real traversal rather than a one-vertex component.
vertex_t max_degree_source(const csr_graph& graph);
/// The same for a hypergraph: a vertex in the most hyperedges.
vertex_t max_degree_source(const hypergraph& graph);

/// `count` sources drawn uniformly among vertices with at least one out-arc (GAPBS
/// SourcePicker, Graph500 search keys), reproducible for a seed. Fails on a graph without arcs.
std::vector<vertex_t> random_sources(const csr_graph& graph, int count, std::uint64_t seed);
/// The same among the vertices of a hypergraph that lie in at least one hyperedge.
std::vector<vertex_t> random_sources(const hypergraph& graph, int count, std::uint64_t seed);

enum class algorithm { bfs, sssp, cc, pagerank, lp, tc, jaccard, bc, hyper_lp, hyper_bfs, hyper_cc };
/// Every graph algorithm, in the order the default job runs them.
inline constexpr algorithm kGraphAlgorithms[] = {algorithm::bfs,      algorithm::sssp, algorithm::cc,
                                                 algorithm::pagerank, algorithm::lp,   algorithm::tc,
                                                 algorithm::jaccard,  algorithm::bc};
inline constexpr algorithm kHypergraphAlgorithms[] = {algorithm::hyper_lp, algorithm::hyper_bfs,
                                                      algorithm::hyper_cc};
algorithm parse_algorithm(std::string_view name);
std::string_view to_string(algorithm a);
/// Every algorithm's command-line name ("bfs", ..., "hyper-cc"), graphs first.
std::vector<std::string> algorithm_names();
/// bfs and sssp: one source, a traversal result (run_traversal); the others: analytics_run.
inline bool is_traversal(algorithm a) {
  return a == algorithm::bfs || a == algorithm::sssp;
}
/// hyper-lp, hyper-bfs and hyper-cc run on a hypergraph (run_hypergraph_analytics).
inline bool is_hypergraph_algorithm(algorithm a) {
  return a == algorithm::hyper_lp || a == algorithm::hyper_bfs || a == algorithm::hyper_cc;
}

/// Runs one of the non-traversal graph algorithms (see analytics.hpp).
analytics_run run_analytics(algorithm which, const device_graph& graph, const analytics_options& options);
/// Runs one of the hypergraph algorithms (see analytics.hpp).
analytics_run run_hypergraph_analytics(algorithm which, const device_hypergraph& graph,
                                       const analytics_options& options);

struct traversal_options {
  bfs_options bfs;
  sssp_options sssp;
  bool validate = false;
};

/// One traversal, with what the commands print and record about it.
struct traversal {
  double seconds = 0;  // traversal only, as the algorithm reports it
  int iterations = 0;
  vertex_t reached = 0;
  double max_value = 0;        // largest finite depth or distance
  edge_t traversed_edges = 0;  // Graph500 count, see above
  double gteps = 0;
  std::optional<verify::verdict> verdict;  // set when validated
  std::optional<bfs_result> bfs;
  std::optional<sssp_result> sssp;
};

traversal run_traversal(algorithm which, const device_graph& graph, vertex_t source,
                        const traversal_options& options);

/// Edges counted for TEPS given which vertices were reached.
template <class Reached>
edge_t traversed_edges(const csr_graph& graph, Reached&& reached) {
  edge_t arcs = 0;
  for (vertex_t v = 0; v < graph.num_vertices(); ++v)
    if (reached(v)) arcs += graph.degree(v);
  return graph.directed() ? arcs : arcs / 2;
}

inline double gteps(edge_t edges, double seconds) {
  return seconds > 0 ? edges / seconds / 1e9 : 0.0;
}

}  // namespace plexus::cli
