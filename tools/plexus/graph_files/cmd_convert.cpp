// plexus convert INPUT -o OUTPUT: reads any supported graph or hypergraph file and writes the
// .plx binary cache, or text for other tools (.el, .wel, .mtx for graphs, .hyp, .hgr for
// hypergraphs, each optionally .gz; io/text_writer.hpp), chosen by the output's name and
// written atomically: an interrupted conversion leaves no partial output. --order degree
// stores a graph with its vertices renumbered hubs first (graph/relabel.hpp).
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <optional>

#include "common/command.hpp"
#include "common/load.hpp"
#include "plexus/cli/run_report.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/graph/relabel.hpp"
#include "plexus/io/plx.hpp"
#include "common/progress_display.hpp"
#include "common/report_line.hpp"
#include "write_graph_file.hpp"

namespace plexus::cli {

namespace {

struct convert_options {
  input_options input;
  std::filesystem::path output;
  std::string order = "input";
};

void run_convert(const convert_options& options) {
  const std::optional<io::text_output> text =
      check_output(options.output, input_files(options.input.path.string(), options.input.read));
  const vertex_order order = parse_vertex_order(options.order);
  progress_display progress;
  loaded_input loaded = load_input(options.input, progress.callback());
  progress.finish();
  if (loaded.hypergraph && order != vertex_order::input)
    throw error(error_kind::invalid_argument,
                options.input.path.string() + ": --order applies to graphs only");
  timer t;
  std::optional<double> relabel_seconds;
  if (loaded.graph && order != vertex_order::input) {
    loaded.graph = relabel(*loaded.graph, order);
    relabel_seconds = t.seconds();
    t.restart();
  }
  if (loaded.graph) {
    write_graph(*loaded.graph, options.output, text);
  } else {
    write_hypergraph(*loaded.hypergraph, options.output, text);
  }
  const double write_seconds = t.seconds();
  print_line(stdout, "Input",
             fmt::format("{} ({}, {})", options.input.path.string(), loaded.format,
                         loaded.graph ? "graph" : "hypergraph"));
  print_line(stdout, "Output", options.output.string());
  print_line(stdout, "Load Time", seconds_text(loaded.load_seconds));
  print_line(stdout, "Build Time", seconds_text(loaded.build_seconds));
  if (relabel_seconds) print_line(stdout, "Relabel Time", seconds_text(*relabel_seconds));
  print_line(stdout, "Write Time", seconds_text(write_seconds));
}

void setup_convert(CLI::App& sub) {
  auto options = std::make_shared<convert_options>();
  add_input_options(sub, options->input);
  // Directed graphs keep their reverse CSR in the cache, so pull-style loads need no rebuild.
  sub.add_option("-o,--output", options->output,
                 "Output file: .plx, or text: .el, .wel, .mtx (graphs), .hyp, .hgr (hypergraphs), each optionally .gz")
      ->required();
  sub.add_option("--order", options->order,
                 "Vertex order of a graph: input, or degree (hubs first; original ids kept for output)")
      ->check(CLI::IsMember({"input", "degree"}));
  sub.callback([options] { run_convert(*options); });
}

}  // namespace

PLEXUS_COMMAND("convert", "Convert a graph or hypergraph file to the .plx binary cache or to text", setup_convert);

}  // namespace plexus::cli
