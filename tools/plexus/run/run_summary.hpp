// What `plexus run` and `plexus bench` say about a run, as grep-able "Name: value" lines or as
// JSON with the same facts under the same names in both commands: the input ("graph",
// "vertices", "edges", ...), the device ("backend", "device", "upload_seconds"), what was
// timed ("timed"), and the run's own figures (a line "Vertices Reached: 12" becomes
// "vertices_reached": 12).
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "plexus/backends/backend.hpp"
#include "plexus/cli/run_report.hpp"
#include "run_support.hpp"

namespace plexus::cli {

/// "graph", "vertices", "edges", "arcs", "directed", "weighted", "vertex_order", "load_seconds".
nlohmann::ordered_json describe_input(const loaded_graph& loaded);
/// "graph", "vertices", "hyperedges", "pins", "load_seconds".
nlohmann::ordered_json describe_input(const loaded_hypergraph& loaded);
/// "kron-16-16 (65536 vertices, 1048576 edges)": the input, named and sized in one phrase.
std::string input_label(const loaded_graph& loaded);
std::string input_label(const loaded_hypergraph& loaded);

/// "backend", "device", "upload_seconds".
nlohmann::ordered_json describe_device(backend where, double upload_seconds);
/// "host (OpenMP, 2 threads)".
std::string device_label(backend where);

/// A figure as printed: a rate as a number, a time as seconds_text.
std::string figure_text(const run_figure& figure);
/// Prints the run's own lines to `to`: "Source:", its time, its lines and figures, its metric.
void print_run_lines(std::FILE* to, const run_report& report);
/// The same facts as JSON fields: "source", "seconds", "timed", "iterations", the lines'
/// fields (run_line), the figures and the metric, then the run's record.
nlohmann::ordered_json run_fields(const run_report& report);

}  // namespace plexus::cli
