// Statistics report (see report.hpp).
#include "report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "plexus/cli/run_report.hpp"
#include "plexus/graph/degree_stats.hpp"
#include "plexus/hypergraph/hypergraph_stats.hpp"
#include "report_line.hpp"

namespace plexus::cli {

namespace {

nlohmann::ordered_json degree_json(const degree_stats& s) {
  nlohmann::ordered_json j;
  j["min"] = s.min;
  j["max"] = s.max;
  j["mean"] = s.mean;
  j["stddev"] = s.stddev;
  return j;
}

/// min, max, mean and (population) standard deviation, the last from the histogram.
nlohmann::ordered_json distribution_json(edge_t min, edge_t max, double mean, const histogram& bins) {
  double squares = 0, count = 0;
  for (const histogram_bin& bin : bins) {
    const double deviation = static_cast<double>(bin.value) - mean;
    squares += deviation * deviation * static_cast<double>(bin.count);
    count += static_cast<double>(bin.count);
  }
  nlohmann::ordered_json j;
  j["min"] = min;
  j["max"] = max;
  j["mean"] = mean;
  j["stddev"] = count > 0 ? std::sqrt(squares / count) : 0.0;
  return j;
}

void add_source(nlohmann::ordered_json& j, const report_source& source, const char* kind) {
  j["input"] = source.name;
  j["format"] = source.format;
  j["kind"] = kind;
}

void add_timings(nlohmann::ordered_json& j, const report_source& source) {
  for (const auto& [name, seconds] : source.timings) j[name] = seconds;
}

std::string text_value(const std::string& key, const nlohmann::ordered_json& value) {
  if (value.is_boolean()) return value.get<bool>() ? "yes" : "no";
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_float()) {
    if (key.ends_with("_seconds")) return seconds_text(value.get<double>());
    return fmt::format("{:.3f}", value.get<double>());
  }
  if (value.is_object()) {
    std::string text;
    for (const auto& [k, v] : value.items()) text += (text.empty() ? "" : ", ") + k + " " + text_value(k, v);
    return text;
  }
  return value.dump();
}

}  // namespace

std::string report_label(const std::string& key) {
  if (key.find(' ') != std::string::npos) return key;
  const std::string words = key.ends_with("_seconds") ? key.substr(0, key.size() - 8) + "_time" : key;
  std::string label;
  for (std::size_t start = 0; start <= words.size();) {
    const std::size_t end = std::min(words.find('_', start), words.size());
    std::string word = words.substr(start, end - start);
    if (word == "ids")
      word = "IDs";
    else if (word == "gpu")
      word = "GPU";
    else if (!word.empty())
      word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
    label += (label.empty() ? "" : " ") + word;
    start = end + 1;
  }
  return label;
}

nlohmann::ordered_json graph_report(const csr_graph& graph, const report_source& source) {
  nlohmann::ordered_json j;
  add_source(j, source, "graph");
  j["vertices"] = graph.num_vertices();
  j["edges"] = graph.num_logical_edges();
  j["arcs"] = graph.num_edges();
  j["directed"] = graph.directed();
  j["weighted"] = graph.weighted();
  const degree_stats out = compute_degree_stats(graph.out());
  if (graph.directed()) {
    j["out_degree"] = degree_json(out);
    if (graph.has_in_edges()) j["in_degree"] = degree_json(compute_degree_stats(graph.in()));
  } else {
    j["degree"] = degree_json(out);
  }
  // Isolated: no arc in either direction. Without the reverse CSR only out-degrees are known.
  vertex_t isolated = out.isolated;
  if (graph.directed() && graph.has_in_edges()) {
    const auto& o = graph.out().offsets;
    const auto& i = graph.in().offsets;
    const std::int64_t n = graph.num_vertices();
    std::int64_t count = 0;
#pragma omp parallel for reduction(+ : count) schedule(static)
    for (std::int64_t v = 0; v < n; ++v) count += o[v + 1] == o[v] && i[v + 1] == i[v];
    isolated = static_cast<vertex_t>(count);
  }
  j["isolated_vertices"] = isolated;
  add_timings(j, source);
  return j;
}

nlohmann::ordered_json hypergraph_report(const hypergraph& graph, const report_source& source) {
  nlohmann::ordered_json j;
  add_source(j, source, "hypergraph");
  j["vertices"] = graph.num_vertices();
  j["hyperedges"] = graph.num_hyperedges();
  j["pins"] = graph.num_pins();
  j["edge_weights"] = !graph.edge_weights().empty();
  j["vertex_weights"] = !graph.vertex_weights().empty();
  const hypergraph_stats stats = compute_hypergraph_stats(graph);
  j["edge_size"] =
      distribution_json(stats.min_edge_size, stats.max_edge_size, stats.mean_edge_size, stats.edge_sizes);
  j["vertex_degree"] = distribution_json(stats.min_vertex_degree, stats.max_vertex_degree,
                                         stats.mean_vertex_degree, stats.vertex_degrees);
  j["unique_hyperedges"] = stats.unique_hyperedges;
  j["empty_hyperedges"] = stats.empty_hyperedges;
  j["singleton_hyperedges"] = stats.singleton_hyperedges;
  j["isolated_vertices"] = stats.isolated_vertices;
  add_timings(j, source);
  return j;
}

void print_report(const nlohmann::ordered_json& report, bool json) {
  if (json) {
    std::puts(report.dump(2).c_str());
    return;
  }
  for (const auto& [key, value] : report.items())
    print_line(stdout, report_label(key), text_value(key, value));
}

}  // namespace plexus::cli
