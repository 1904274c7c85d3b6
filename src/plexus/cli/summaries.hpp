// What several algorithms' reports share: the most central vertices, the size histogram of a
// labelling, and Graph500's traversal figures.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>

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

/// Adds what cc and hyper-cc report about a labelling beyond the component count: "Largest
/// Sizes" (up to five) and one "Size A-B" line per power-of-two size bucket (1, 2-3, 4-7,
/// ...), which shows a giant component and its crumbs at a glance, with the buckets and the
/// largest size in report.record. Returns the largest component's size.
std::uint64_t add_component_sizes(run_report& report, std::span<const vertex_t> label);

inline double gteps(edge_t edges, double seconds) {
  return per_second(static_cast<double>(edges), seconds) / 1e9;
}

/// The report of a traversal from `source` (bfs, sssp) that reached the vertices `reached`
/// accepts: "Traversal Time", "Iterations", "Vertices Reached", "Max <value_name>" (the
/// largest `value` reached, as a double for floating-point values), "Edges Traversed", and
/// GTEPS; the summary reads "reached N, <summary_name> M". bytes_moved(vertices reached, arcs
/// leaving them) is the algorithm's byte model (perf/bytes_moved.hpp).
template <class Value, class Reached, class BytesMoved>
run_report traversal_report(const csr_graph& graph, vertex_t source, double seconds, int iterations,
                            std::span<const Value> value, Reached&& reached, const std::string& value_name,
                            const std::string& summary_name, BytesMoved&& bytes_moved) {
  using shown = std::conditional_t<std::is_floating_point_v<Value>, double, Value>;
  vertex_t count = 0;
  shown largest = 0;
  edge_t arcs = 0;  // stored arcs leaving the reached vertices
  for (vertex_t v = 0; v < graph.num_vertices(); ++v)
    if (reached(v)) {
      ++count;
      largest = std::max<shown>(largest, value[v]);
      arcs += graph.degree(v);
    }
  // Edges counted for TEPS (Graph500 specification 2.0, section 9): the undirected edges with
  // both ends reached; for directed graphs the arcs leaving reached vertices.
  const edge_t edges = graph.directed() ? arcs : arcs / 2;
  run_report report;
  report.seconds = seconds;
  report.time_name = "Traversal Time";
  report.iterations = iterations;
  report.source = graph.original_id(source);
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

}  // namespace plexus::cli
