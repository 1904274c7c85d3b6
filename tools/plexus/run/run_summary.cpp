// What run and bench say about a run; see run_summary.hpp.
#include "run_summary.hpp"

#include <fmt/format.h>

#include "common/report_line.hpp"

namespace plexus::cli {

nlohmann::ordered_json describe_input(const loaded_graph& loaded) {
  const csr_graph& graph = loaded.graph;
  return {{"graph", loaded.name},
          {"vertices", graph.num_vertices()},
          {"edges", graph.num_logical_edges()},
          {"arcs", graph.num_edges()},
          {"directed", graph.directed()},
          {"weighted", graph.weighted()},
          {"vertex_order", to_string(loaded.order)},
          {"load_seconds", loaded.load_seconds}};
}

nlohmann::ordered_json describe_input(const loaded_hypergraph& loaded) {
  const hypergraph& graph = loaded.graph;
  return {{"graph", loaded.name},
          {"vertices", graph.num_vertices()},
          {"hyperedges", graph.num_hyperedges()},
          {"pins", graph.num_pins()},
          {"load_seconds", loaded.load_seconds}};
}

std::string input_label(const loaded_graph& loaded) {
  const csr_graph& graph = loaded.graph;
  return fmt::format("{} ({} vertices, {} {})", loaded.name, graph.num_vertices(), graph.num_logical_edges(),
                     graph.directed() ? "arcs" : "edges");
}

std::string input_label(const loaded_hypergraph& loaded) {
  const hypergraph& graph = loaded.graph;
  return fmt::format("{} ({} vertices, {} hyperedges, {} pins)", loaded.name, graph.num_vertices(),
                     graph.num_hyperedges(), graph.num_pins());
}

nlohmann::ordered_json describe_device(backend where, double upload_seconds) {
  return {{"backend", to_string(where)},
          {"device", backend_device_name(where)},
          {"upload_seconds", upload_seconds}};
}

std::string device_label(backend where) {
  return fmt::format("{} ({})", to_string(where), backend_device_name(where));
}

std::string figure_text(const run_figure& figure) {
  return figure.rate ? fmt::format("{:.6g}", figure.value) : seconds_text(figure.value);
}

void print_run_lines(std::FILE* to, const run_report& report) {
  if (to == nullptr) return;
  if (report.source) print_line(to, "Source", fmt::format("{}", *report.source));
  print_line(to, report.time_name, seconds_text(report.seconds));
  for (const run_line& line : report.lines) print_line(to, line.name, line.text);
  for (const run_figure& f : report.figures) print_line(to, f.name, figure_text(f));
  print_line(to, report.metric_name, fmt::format("{:.6g}", report.metric));
}

nlohmann::ordered_json run_fields(const run_report& report) {
  nlohmann::ordered_json j;
  if (report.source) j["source"] = *report.source;
  j["seconds"] = report.seconds;
  j["timed"] = report.timed;
  j["iterations"] = report.iterations;
  for (const run_line& line : report.lines)
    if (!line.key.empty()) j[line.key] = line.value;
  for (const run_figure& f : report.figures) j[f.key] = f.value;
  j[json_key(report.metric_name)] = report.metric;
  for (const auto& [key, value] : report.record.items()) j[key] = value;
  return j;
}

}  // namespace plexus::cli
