// Statistics report (see report.hpp).
#include "report.hpp"

#include <algorithm>
#include <cstdio>
#include <span>

#include <fmt/format.h>

#include "plexus/graph/degree_stats.hpp"

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
    if (key.ends_with("time")) return fmt::format("{:.6f} s", value.get<double>());
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

nlohmann::ordered_json graph_report(const csr_graph& graph, const report_source& source) {
  nlohmann::ordered_json j;
  add_source(j, source, "graph");
  j["vertices"] = graph.num_vertices();
  j["edges"] = graph.num_logical_edges();
  j["stored arcs"] = graph.num_edges();
  j["directed"] = graph.directed();
  j["weighted"] = graph.weighted();
  const degree_stats out = compute_degree_stats(graph.out());
  if (graph.directed()) {
    j["out-degree"] = degree_json(out);
    if (graph.has_in_edges()) j["in-degree"] = degree_json(compute_degree_stats(graph.in()));
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
  j["isolated vertices"] = isolated;
  add_timings(j, source);
  return j;
}

std::uint64_t count_unique_hyperedges(const hypergraph& graph) {
  const std::int64_t h = graph.num_hyperedges();
  // Hash every pin list in parallel, sort by hash, and compare lists exactly within runs of
  // equal hashes, so a hash collision can never merge two different sets.
  std::vector<std::pair<std::uint64_t, hyperedge_t>> keyed(static_cast<std::size_t>(h));
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t e = 0; e < h; ++e) {
    std::uint64_t hash = 0xcbf29ce484222325ULL ^ graph.edge_size(static_cast<hyperedge_t>(e));
    for (vertex_t v : graph.pins(static_cast<hyperedge_t>(e))) hash = (hash ^ v) * 0x100000001b3ULL;
    keyed[static_cast<std::size_t>(e)] = {hash, static_cast<hyperedge_t>(e)};
  }
  std::sort(keyed.begin(), keyed.end());
  std::uint64_t unique = 0;
  for (std::size_t run = 0; run < keyed.size();) {
    std::size_t end = run;
    while (end < keyed.size() && keyed[end].first == keyed[run].first) ++end;
    // Distinct sets within one hash run: keep representatives (runs are tiny).
    std::vector<std::span<const vertex_t>> seen;
    for (std::size_t k = run; k < end; ++k) {
      const auto pins = graph.pins(keyed[k].second);
      if (std::none_of(seen.begin(), seen.end(), [&](auto s) { return std::ranges::equal(s, pins); })) {
        seen.push_back(pins);
        ++unique;
      }
    }
    run = end;
  }
  return unique;
}

nlohmann::ordered_json hypergraph_report(const hypergraph& graph, const report_source& source) {
  nlohmann::ordered_json j;
  add_source(j, source, "hypergraph");
  j["vertices"] = graph.num_vertices();
  j["hyperedges"] = graph.num_hyperedges();
  j["pins"] = graph.num_pins();
  j["edge weights"] = !graph.edge_weights().empty();
  j["vertex weights"] = !graph.vertex_weights().empty();
  const degree_stats sizes = compute_degree_stats(graph.edge_to_vertices());
  const degree_stats degrees = compute_degree_stats(graph.vertex_to_edges());
  j["edge size"] = degree_json(sizes);
  j["vertex degree"] = degree_json(degrees);
  j["unique hyperedges"] = count_unique_hyperedges(graph);
  j["isolated vertices"] = degrees.isolated;
  add_timings(j, source);
  return j;
}

void print_report(const nlohmann::ordered_json& report, bool json) {
  if (json) {
    std::puts(report.dump(2).c_str());
    return;
  }
  std::size_t width = 0;
  for (const auto& [key, value] : report.items()) width = std::max(width, key.size());
  for (const auto& [key, value] : report.items())
    std::printf("%-*s %s\n", static_cast<int>(width + 1), (key + ":").c_str(), text_value(key, value).c_str());
}

}  // namespace plexus::cli
