// Sources of the single-source algorithms (bfs, sssp, hyper-bfs) on the command line: the
// input's own id a user gives, the default of `plexus run`, and the draws of `plexus bench`.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "plexus/cli/algorithm_command.hpp"
#include "plexus/core/types.hpp"
#include "plexus/dist/rank_graph.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::cli {

/// Maps a source given in the input's original ids to the internal id; throws
/// plexus::error(invalid_argument) when no vertex has that id, naming the input and the ids
/// that are sources, so that a user who counted from 0 in a file counting from 1 sees why:
/// "karate.mtx: source 0 is not a vertex of the graph: sources are the file's own ids (1..34
/// here)"; where the ids leave gaps, "the file's ids from 100 to 300 (3 vertices)"; for a
/// generated input, "the graph's own ids (0..63 here)".
vertex_t internal_source(const csr_graph& graph, std::uint64_t original, const std::string& input_name,
                         input_origin origin);
vertex_t internal_source(const hypergraph& graph, std::uint64_t original, const std::string& input_name,
                         input_origin origin);
/// The error internal_source throws when `original` is no vertex of `graph`.
[[noreturn]] void throw_not_a_source(const csr_graph& graph, std::uint64_t original,
                                     const std::string& input_name, input_origin origin);

/// The same for a vertex that `what` names (a program's parameter: "--arg src"): "g.el: --arg
/// src: 7 is not a vertex of the graph: vertices are the file's own ids (0..3 here)".
vertex_t internal_vertex(const csr_graph& graph, std::uint64_t original, const std::string& input_name,
                         input_origin origin, std::string_view what);

/// Default source of `plexus run`: a vertex of maximum out-degree (the smallest such original
/// id, so the same vertex in every vertex order). It is deterministic, never isolated, and on
/// power-law graphs lies in the giant component, so the run measures a real traversal rather
/// than a one-vertex component.
vertex_t max_degree_source(const csr_graph& graph);
/// The same for a hypergraph: a vertex in the most hyperedges.
vertex_t max_degree_source(const hypergraph& graph);

/// Where `plexus bench` draws its sources from (--sources-from).
enum class source_pool {
  largest_component,  // the vertices of the largest weakly connected component (the default)
  all,                // every vertex
};
/// "largest" or "all"; throws plexus::error(invalid_argument) otherwise.
source_pool parse_source_pool(std::string_view name);

struct drawn_sources {
  std::vector<vertex_t> sources;  // internal ids, in the order the trials use them
  std::uint64_t eligible = 0;     // the vertices they were drawn from
  std::uint64_t pool_size = 0;    // the vertices of the pool (the component, or all)
};

/// `count` sources drawn as GAPBS's SourcePicker does, uniformly with the seed among the
/// vertices with at least one out-arc (Graph500 search keys), and, for largest_component,
/// only among those of the largest weakly connected component that holds such a vertex (see
/// find_largest_component), so that no trial times the
/// traversal of a small component and skews the figures. The draw is over the eligible
/// vertices in increasing input id, so the same vertices are chosen whatever the vertex order
/// in memory; sources are distinct while there are enough. Only the first `kept` of the
/// `count` are drawn and returned (a bench takes one per trial, in turn, so the sources past
/// its trials never run); they are the first sources of the whole draw. Fails on a graph
/// without arcs.
drawn_sources draw_sources(const csr_graph& graph, int count, int kept, std::uint64_t seed, source_pool pool);
/// The same among the vertices of a hypergraph that lie in at least one hyperedge, the
/// component joining vertices that share a hyperedge.
drawn_sources draw_sources(const hypergraph& graph, int count, int kept, std::uint64_t seed,
                           source_pool pool);

/// The -s/--source option of a single-source algorithm's `plexus run`, and the source of a
/// run: the request's own for bench and the default job; for `plexus run` the -s vertex (in
/// the input's ids) or, without -s, a vertex of maximum degree.
class source_choice {
 public:
  void add_option(CLI::App& run, const std::string& description);
  template <class Graph>
  vertex_t resolve(const Graph& graph, const run_request& request) const {
    if (request.purpose != run_purpose::run) return request.source.value_or(0);
    return option_->count() > 0 ? internal_source(graph, original_, request.input_name, request.origin)
                                : max_degree_source(graph);
  }
  /// The source of a distributed run, as a global id (collective for `plexus run`): the
  /// request's own for bench; for run the -s vertex, or the vertex max_degree_source picks over
  /// the whole graph. A refusal is agreed on: every rank throws the message a single run gives.
  vertex_t resolve(const distributed_request& request) const;

 private:
  CLI::Option* option_ = nullptr;
  std::uint64_t original_ = 0;
};

}  // namespace plexus::cli
