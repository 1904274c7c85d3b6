// What several algorithms' reports share: the most central vertices, the size histogram of a
// labelling, and Graph500's traversal figures.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "plexus/cli/run_report.hpp"
#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::cli {

/// The `count` vertices of largest value (ties: smaller original id first), printed as
/// "id (value)" pairs in original ids, comma-separated.
std::string top_vertices(const csr_graph& graph, std::span<const double> values, std::size_t count);
/// The line "Top Vertices" of those vertices; its JSON field "top_vertices" lists them as
/// {"vertex": original id, "value": value} objects, largest first.
run_line top_vertices_line(const csr_graph& graph, std::span<const double> values, std::size_t count);

/// A vertex by its input id, with a value to rank it by.
struct ranked_vertex {
  double value = 0;
  std::uint64_t id = 0;
};
/// top_vertices over candidates that name their vertices themselves (a distributed run's,
/// gathered from every rank's own best).
std::string top_vertices(std::vector<ranked_vertex> candidates, std::size_t count);
run_line top_vertices_line(std::vector<ranked_vertex> candidates, std::size_t count);

/// Adds what cc and hyper-cc report about a labelling beyond the component count: "Largest
/// Sizes" (up to five) and one "Size A-B" line per power-of-two size bucket (1, 2-3, 4-7,
/// ...), which shows a giant component and its crumbs at a glance, with the buckets and the
/// largest size in report.record. Returns the largest component's size.
std::uint64_t add_component_sizes(run_report& report, std::span<const vertex_t> label);

inline double gteps(edge_t edges, double seconds) {
  return per_second(static_cast<double>(edges), seconds) / 1e9;
}

/// What a traversal reached: how many vertices, the largest value among them (a double for
/// floating-point values), and the stored arcs leaving them.
template <class Value>
struct traversal_totals {
  using shown = std::conditional_t<std::is_floating_point_v<Value>, double, Value>;
  vertex_t count = 0;
  shown largest = 0;
  edge_t arcs = 0;
};

/// The totals over vertices [0, vertices) of `graph` (all of them, or a rank's owned ones)
/// that `reached` accepts.
template <class Value, class Reached>
traversal_totals<Value> count_traversal(const csr_graph& graph, vertex_t vertices,
                                        std::span<const Value> value, Reached&& reached) {
  using shown = typename traversal_totals<Value>::shown;
  traversal_totals<Value> totals;
  for (vertex_t v = 0; v < vertices; ++v)
    if (reached(v)) {
      ++totals.count;
      totals.largest = std::max<shown>(totals.largest, value[v]);
      totals.arcs += graph.degree(v);
    }
  return totals;
}

/// The report of a traversal from the vertex of input id `source` (bfs, sssp) with these
/// totals: "Traversal Time", "Iterations", "Vertices Reached", "Max <value_name>",
/// "Edges Traversed", and GTEPS; the summary reads "reached N, <summary_name> M".
/// bytes_moved(vertices reached, arcs leaving them) is the algorithm's byte model
/// (perf/bytes_moved.hpp).
template <class Value, class BytesMoved>
run_report traversal_report(const traversal_totals<Value>& totals, bool directed, std::uint64_t source,
                            double seconds, int iterations, const std::string& value_name,
                            const std::string& summary_name, BytesMoved&& bytes_moved) {
  const auto [count, largest, arcs] = totals;
  // Edges counted for TEPS (Graph500 specification 2.0, section 9): the undirected edges with
  // both ends reached; for directed graphs the arcs leaving reached vertices.
  const edge_t edges = directed ? arcs : arcs / 2;
  run_report report;
  report.seconds = seconds;
  report.time_name = "Traversal Time";
  report.iterations = iterations;
  report.source = source;
  report.lines = {{"Iterations", fmt::format("{}", iterations)},
                  {"Vertices Reached", fmt::format("{}", count)},
                  {"Max " + value_name, fmt::format("{}", largest)},
                  {"Edges Traversed", fmt::format("{}", edges), "traversed_edges", edges}};
  report.summary = fmt::format("reached {}, {} {}", count, summary_name, largest);
  report.metric_name = "GTEPS";
  report.metric = gteps(edges, seconds);
  report.record = {{"vertices_reached", count}, {"traversed_edges", edges}};
  report.bytes_moved = bytes_moved(count, arcs);
  return report;
}

/// The report of a traversal from `source` that reached the vertices `reached` accepts (the
/// totals over the whole graph).
template <class Value, class Reached, class BytesMoved>
run_report traversal_report(const csr_graph& graph, vertex_t source, double seconds, int iterations,
                            std::span<const Value> value, Reached&& reached, const std::string& value_name,
                            const std::string& summary_name, BytesMoved&& bytes_moved) {
  return traversal_report(count_traversal(graph, graph.num_vertices(), value, reached), graph.directed(),
                          graph.original_id(source), seconds, iterations, value_name, summary_name,
                          bytes_moved);
}

}  // namespace plexus::cli
