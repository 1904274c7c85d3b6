// plexus info FILE: sizes, degree statistics, format and load/build times of a graph or
// hypergraph (GAPBS-style grep-able lines, or JSON with --json).
#include <memory>

#include "command.hpp"
#include "load.hpp"
#include "progress_display.hpp"
#include "report.hpp"

namespace plexus::cli {

namespace {

struct info_options {
  input_options input;
  bool json = false;
};

void run_info(const info_options& options) {
  progress_display progress;
  const loaded_input loaded = load_input(options.input, progress.callback());
  progress.finish();
  report_source source{options.input.path.string(), loaded.format,
                       {{"load time", loaded.load_seconds}, {"build time", loaded.build_seconds}}};
  print_report(loaded.graph ? graph_report(*loaded.graph, source) : hypergraph_report(*loaded.hypergraph, source),
               options.json);
}

void setup_info(CLI::App& sub) {
  auto options = std::make_shared<info_options>();
  add_input_options(sub, options->input);
  sub.add_flag("--json", options->json, "Print one JSON object instead of text lines");
  sub.callback([options] { run_info(*options); });
}

}  // namespace

PLEXUS_COMMAND("info", "Print sizes, degree statistics, format and load time of a graph or hypergraph", setup_info);

}  // namespace plexus::cli
