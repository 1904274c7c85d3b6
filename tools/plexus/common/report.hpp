// The statistics report that `plexus info`, `plexus generate` and the default job print:
// aligned "Label: value" lines (grep-able, one fact per line; report_line.hpp) or one JSON
// object, whose keys the labels are made from (report_label).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::cli {

struct report_source {
  std::string name;    // file path, or a description of the generated input
  std::string format;  // "mtx", "plx", "generated", ...
  /// Timings in the order printed, by JSON key: {"load_seconds", 0.12}, {"build_seconds", 0.03}, ...
  std::vector<std::pair<std::string, double>> timings;
};

nlohmann::ordered_json graph_report(const csr_graph& graph, const report_source& source);
nlohmann::ordered_json hypergraph_report(const hypergraph& graph, const report_source& source);

/// The text label of a report's JSON key, its words capitalised: "isolated_vertices" ->
/// "Isolated Vertices", "load_seconds" -> "Load Time", "vertex_ids" -> "Vertex IDs". A key with
/// a space, which only the text report has ("Memory bfs"), is its own label.
std::string report_label(const std::string& key);

/// Prints a report made by the functions above: JSON when `json`, else aligned text.
void print_report(const nlohmann::ordered_json& report, bool json);

}  // namespace plexus::cli
