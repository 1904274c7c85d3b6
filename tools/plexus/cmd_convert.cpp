// plexus convert INPUT -o OUTPUT: reads any supported graph or hypergraph file and writes the
// .plx binary cache, or text for other tools (.el, .wel, .mtx for graphs, .hyp, .hgr for
// hypergraphs, each optionally .gz; io/text_writer.hpp), chosen by the output's name and
// written atomically: an interrupted conversion leaves no partial output. --order degree
// stores a graph with its vertices renumbered hubs first (graph/relabel.hpp).
#include <cstdio>
#include <memory>

#include "command.hpp"
#include "load.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/graph/relabel.hpp"
#include "plexus/io/plx.hpp"
#include "progress_display.hpp"
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
  if (loaded.graph && order != vertex_order::input) {
    loaded.graph = relabel(*loaded.graph, order);
    std::printf("relabel time: %.6f s\n", t.seconds());
    t.restart();
  }
  if (loaded.graph) {
    write_graph(*loaded.graph, options.output, text);
  } else {
    write_hypergraph(*loaded.hypergraph, options.output, text);
  }
  const double write_seconds = t.seconds();
  std::printf("converted %s (%s, %s) -> %s\n", options.input.path.c_str(), loaded.format.c_str(),
              loaded.graph ? "graph" : "hypergraph", options.output.c_str());
  std::printf("load time: %.6f s\nbuild time: %.6f s\nwrite time: %.6f s\n", loaded.load_seconds,
              loaded.build_seconds, write_seconds);
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
