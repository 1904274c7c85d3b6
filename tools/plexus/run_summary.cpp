// What run and bench say about a run; see run_summary.hpp.
#include "run_summary.hpp"

#include <fast_float/fast_float.h>
#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <cstdint>

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

std::string json_key(std::string_view name) {
  if (name == "GTEPS") return "gteps";
  if (name == "GB/s") return "gbytes_per_second";
  std::string key;
  const std::size_t slash = name.find("/s");
  const bool per_second = slash != std::string_view::npos && slash + 2 == name.size();
  if (per_second) name = name.substr(0, slash);
  if (name.ends_with("GB")) {
    key = json_key(name.substr(0, name.size() - 2));
    return key + (key.empty() ? "" : "_") + "gbytes_per_second";
  }
  for (const char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!key.empty() && key.back() != '_')
      key += '_';
  }
  while (!key.empty() && key.back() == '_') key.pop_back();
  return per_second ? key + "_per_second" : key;
}

namespace {

/// A line's text as JSON: an integer, a number, true/false for yes/no, or the text.
nlohmann::ordered_json json_value(const std::string& text) {
  if (text == "yes") return true;
  if (text == "no") return false;
  const char* end = text.data() + text.size();
  std::int64_t integer = 0;
  if (const auto [at, ec] = std::from_chars(text.data(), end, integer);
      ec == std::errc() && at == end && !text.empty())
    return integer;
  double number = 0;
  if (const auto [at, ec] = fast_float::from_chars(text.data(), end, number);
      ec == std::errc() && at == end && !text.empty())
    return number;
  return text;
}

}  // namespace

void print_run_lines(std::FILE* to, const run_report& report) {
  if (to == nullptr) return;
  if (report.source) fmt::print(to, "Source:             {}\n", *report.source);
  fmt::print(to, "{:<20}{:.5f}\n", report.time_name + ":", report.seconds);
  for (const auto& [name, value] : report.lines) fmt::print(to, "{:<20}{}\n", name + ": ", value);
  for (const run_figure& f : report.figures) fmt::print(to, "{:<20}{:.6g}\n", f.name + ": ", f.value);
  fmt::print(to, "{:<20}{:.6g}\n", report.metric_name + ":", report.metric);
}

nlohmann::ordered_json run_fields(const run_report& report) {
  nlohmann::ordered_json j;
  if (report.source) j["source"] = *report.source;
  j["seconds"] = report.seconds;
  j["timed"] = report.timed;
  j["iterations"] = report.iterations;
  for (const auto& [name, value] : report.lines) j[json_key(name)] = json_value(value);
  for (const run_figure& f : report.figures) j[f.key] = f.value;
  j[json_key(report.metric_name)] = report.metric;
  for (const auto& [key, value] : report.record.items()) j[key] = value;
  return j;
}

}  // namespace plexus::cli
