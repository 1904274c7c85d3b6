// plexus generate {kron,uniform,hypergraph}: runs a generator (deterministic per seed), builds
// the result and writes it with -o (as .plx, or as text for other tools: .el, .wel, .mtx for
// graphs, .hyp, .hgr for hypergraphs, each optionally .gz), or prints its statistics report.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <utility>

#include "common/command.hpp"
#include "generate.hpp"
#include "plexus/cli/run_report.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"
#include "common/report_line.hpp"
#include "write_graph_file.hpp"

namespace plexus::cli {

namespace {

struct output_options {
  std::filesystem::path output;
  bool json = false;
};

void add_output_options(CLI::App& app, output_options& options) {
  app.add_option("-o,--output", options.output,
                 "Write the result to this file instead of printing statistics: .plx, or text: .el, .wel, .mtx "
                 "(graphs), .hyp, .hgr (hypergraphs), each optionally .gz");
  app.add_flag("--json", options.json, "Print the statistics as one JSON object");
}

void check_generate_output(const output_options& options) {
  if (!options.output.empty()) check_output(options.output);
}

void write_generated(const csr_graph& graph, const std::filesystem::path& output) {
  write_graph(graph, output, io::text_output_for(output));
}
void write_generated(const hypergraph& graph, const std::filesystem::path& output) {
  write_hypergraph(graph, output, io::text_output_for(output));
}

template <class Generated>
void finish(Generated& generated, const output_options& options, nlohmann::ordered_json (*report)(
                                                                      const decltype(generated.graph)&,
                                                                      const report_source&)) {
  if (options.output.empty()) {
    print_report(report(generated.graph, generated.source), options.json);
    return;
  }
  timer t;
  write_generated(generated.graph, options.output);
  const double write_seconds = t.seconds();
  print_line(stdout, "Output", fmt::format("{} ({})", options.output.string(), generated.source.name));
  for (const auto& [key, seconds] : generated.source.timings)
    print_line(stdout, report_label(key), seconds_text(seconds));
  print_line(stdout, "Write Time", seconds_text(write_seconds));
}

void setup_kron(CLI::App& sub) {
  struct options_t {
    generators::kronecker_options kron;
    output_options out;
  };
  auto o = std::make_shared<options_t>();
  sub.add_option("--scale", o->kron.scale, "2^scale vertices")->capture_default_str()->check(CLI::Range(1, 31));
  sub.add_option("--edge-factor", o->kron.edge_factor, "Arcs generated per vertex")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  sub.add_option("--seed", o->kron.seed, "Random seed")->capture_default_str();
  sub.add_flag("--weighted", o->kron.weighted, "Integer weights uniform in [1, 255]");
  sub.add_flag("--directed", o->kron.directed, "Keep arcs directed (Graph500 graphs are undirected)");
  add_output_options(sub, o->out);
  sub.callback([o] {
    check_generate_output(o->out);
    auto generated = generate_kronecker(o->kron);
    finish(generated, o->out, graph_report);
  });
}

void setup_uniform(CLI::App& sub) {
  struct options_t {
    generators::uniform_options uniform;
    output_options out;
  };
  auto o = std::make_shared<options_t>();
  sub.add_option("--vertices", o->uniform.num_vertices, "Number of vertices")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, max_vertices));
  sub.add_option("--edges", o->uniform.num_edges, "Number of arcs drawn (with replacement)")->capture_default_str();
  sub.add_option("--seed", o->uniform.seed, "Random seed")->capture_default_str();
  sub.add_flag("--weighted", o->uniform.weighted, "Integer weights uniform in [1, 255]");
  sub.add_flag("--directed", o->uniform.directed, "Keep arcs directed");
  add_output_options(sub, o->out);
  sub.callback([o] {
    check_generate_output(o->out);
    auto generated = generate_uniform(o->uniform);
    finish(generated, o->out, graph_report);
  });
}

void setup_hypergraph(CLI::App& sub) {
  struct options_t {
    generators::random_hypergraph_options hyper;
    output_options out;
  };
  auto o = std::make_shared<options_t>();
  sub.add_option("--vertices", o->hyper.num_vertices, "Number of vertices")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, max_vertices));
  sub.add_option("--hyperedges", o->hyper.num_hyperedges, "Number of hyperedges")->capture_default_str();
  sub.add_option("--min-size", o->hyper.min_edge_size, "Smallest hyperedge size (at most --vertices)")
      ->capture_default_str();
  auto* max_size = sub.add_option(
      "--max-size", o->hyper.max_edge_size,
      "Largest hyperedge size (at most --vertices; by default 1000, or --vertices when fewer)");
  sub.add_option("--exponent", o->hyper.size_exponent, "Power-law exponent of hyperedge sizes")->capture_default_str();
  sub.add_option("--vertex-skew", o->hyper.vertex_skew, "0: uniform pins; > 0: Zipf-like vertex popularity")
      ->capture_default_str();
  sub.add_option("--seed", o->hyper.seed, "Random seed")->capture_default_str();
  add_output_options(sub, o->out);
  sub.callback([o, max_size] {
    check_generate_output(o->out);
    // Pins are drawn with repeats, which the build drops: a hyperedge larger than the vertex
    // count only draws pins to throw away (100 hyperedges of a million pins on 10 vertices took
    // 17 s and 400 MB for 1000 pins), so the sizes are bounded by --vertices.
    generators::random_hypergraph_options& h = o->hyper;
    if (max_size->count() == 0) h.max_edge_size = std::min(h.max_edge_size, h.num_vertices);
    for (const auto& [option, size] :
         {std::pair{"--min-size", h.min_edge_size}, std::pair{"--max-size", h.max_edge_size}})
      if (size > h.num_vertices)
        throw error(error_kind::invalid_argument,
                    fmt::format("{} {} exceeds --vertices {}: a hyperedge holds each vertex at most once",
                                option, size, h.num_vertices));
    if (h.min_edge_size > h.max_edge_size)
      throw error(error_kind::invalid_argument, "--min-size must not exceed --max-size");
    auto generated = generate_hypergraph(o->hyper);
    finish(generated, o->out, hypergraph_report);
  });
}

void setup_generate(CLI::App& sub) {
  sub.require_subcommand(1);
  setup_kron(*sub.add_subcommand("kron", "Kronecker / R-MAT graph (Graph500 parameters)"));
  setup_uniform(*sub.add_subcommand("uniform", "Uniform random graph G(n, m)"));
  setup_hypergraph(*sub.add_subcommand("hypergraph", "Random hypergraph with power-law hyperedge sizes"));
}

}  // namespace

PLEXUS_COMMAND("generate", "Generate a graph or hypergraph; write it (.plx or text) or print its statistics",
               setup_generate);

}  // namespace plexus::cli
