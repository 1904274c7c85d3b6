// Loading a graph or hypergraph for a command (see load.hpp).
//
// Text inputs are read in two timed steps (parse to an edge or incidence list, then build),
// .plx caches in one (they hold the built arrays). Whether the input is a hypergraph is
// decided by --hypergraph, by the kind stored in a .plx file, by a --format naming a
// hypergraph format, or by the file name (Benson, Chodrow, hMETIS, JSON, .hyp).
#include "load.hpp"

#include <fstream>
#include <utility>

#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/io/plx.hpp"
#include "plexus/io/read_graph.hpp"
#include "plexus/io/read_hypergraph.hpp"

namespace plexus::cli {

namespace {

namespace fs = std::filesystem;

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

/// Hypergraph format implied by the file name, or automatic when the name suggests none.
io::hypergraph_format hypergraph_format_from_name(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return io::hypergraph_format::benson;
  std::string name = lower(path.filename().string());
  if (name.ends_with(".gz")) name.resize(name.size() - 3);
  if (name.ends_with("-nverts.txt") || name.ends_with("-simplices.txt")) return io::hypergraph_format::benson;
  if (name.starts_with("hyperedges-") && name.ends_with(".txt")) return io::hypergraph_format::chodrow;
  if (name.ends_with(".hgr")) return io::hypergraph_format::hmetis;
  if (name.ends_with(".json") || name.ends_with(".hif")) return io::hypergraph_format::json;
  if (name.ends_with(".hyp")) return io::hypergraph_format::plain;
  return io::hypergraph_format::automatic;
}

bool starts_with_matrix_market_banner(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  char head[14] = {};
  in.read(head, sizeof head);
  return in.gcount() == sizeof head && lower(std::string(head, sizeof head)) == "%%matrixmarket";
}

/// Name of the graph format that will be read, for the report.
std::string graph_format_name(const fs::path& path, io::graph_format format) {
  if (format == io::graph_format::automatic) format = io::format_from_extension(path);
  if (format == io::graph_format::automatic && starts_with_matrix_market_banner(path))
    format = io::graph_format::matrix_market;
  return std::string(io::to_string(format));
}

loaded_input load_plx_graph(const input_options& options) {
  if (options.directed || options.undirected)
    throw error(error_kind::invalid_argument,
                options.path.string() + ": a .plx graph is already built; --directed/--undirected apply only "
                                        "when reading a text format");
  loaded_input result;
  result.format = "plx";
  timer t;
  result.graph = io::read_plx_graph(options.path);
  result.load_seconds = t.seconds();
  if (options.build_in_edges && !result.graph->has_in_edges()) {
    t.restart();
    result.graph->build_in_edges();
    result.build_seconds = t.seconds();
  }
  return result;
}

loaded_input load_graph(const input_options& options, io::graph_format format, const progress_fn& progress) {
  if (format == io::graph_format::plx || (format == io::graph_format::automatic && io::is_plx(options.path))) {
    if (io::plx_kind(options.path) == io::plx_content::hypergraph) {
      loaded_input result;
      result.format = "plx";
      timer t;
      result.hypergraph = io::read_plx_hypergraph(options.path);
      result.load_seconds = t.seconds();
      return result;
    }
    return load_plx_graph(options);
  }
  io::read_options read;
  read.format = format;
  if (options.directed) read.directed = true;
  if (options.undirected) read.directed = false;
  read.progress = progress;
  loaded_input result;
  result.format = graph_format_name(options.path, format);
  timer t;
  edge_list edges = io::read_edge_list(options.path, read);
  result.load_seconds = t.seconds();
  t.restart();
  // The same build as io::read_graph, timed on its own.
  build_options build;
  build.symmetrize = !edges.directed;
  build.build_in_edges = options.build_in_edges && edges.directed;
  build.progress = progress;
  result.graph = build_graph(std::move(edges), build);
  result.build_seconds = t.seconds();
  return result;
}

loaded_input load_hypergraph(const input_options& options, io::hypergraph_format format, const progress_fn& progress) {
  if (options.directed || options.undirected)
    throw error(error_kind::invalid_argument, "--directed/--undirected do not apply to hypergraphs");
  if (format == io::hypergraph_format::automatic && io::is_plx(options.path)) format = io::hypergraph_format::plx;
  if (format == io::hypergraph_format::automatic) format = hypergraph_format_from_name(options.path);
  loaded_input result;
  timer t;
  if (format == io::hypergraph_format::plx) {
    result.format = "plx";
    result.hypergraph = io::read_plx_hypergraph(options.path);
    result.load_seconds = t.seconds();
    return result;
  }
  io::hypergraph_read_options read;
  read.format = format;
  read.progress = progress;
  incidence_list incidence = io::read_incidence_list(options.path, read);
  result.load_seconds = t.seconds();
  // Name the format after reading: "automatic" may have been resolved by the reader's own
  // content sniffing, which only a successful read confirms.
  result.format = format == io::hypergraph_format::automatic ? "plain" : std::string(io::to_string(format));
  t.restart();
  result.hypergraph = build_hypergraph(std::move(incidence), read.build);
  result.build_seconds = t.seconds();
  return result;
}

}  // namespace

void add_input_options(CLI::App& app, input_options& options) {
  app.add_option("INPUT", options.path, "Graph or hypergraph file (any supported format, or .plx)")->required();
  app.add_option("-f,--format", options.format,
                 "Input format: auto, mtx, snap, el, wel, gr, metis, konect, csv, plx (graphs); benson, "
                 "chodrow, hmetis, json, plain (hypergraphs)")
      ->capture_default_str();
  auto* directed = app.add_flag("--directed", options.directed, "Keep arcs directed, whatever the file says");
  app.add_flag("--undirected", options.undirected, "Treat the graph as undirected (store each edge both ways)")
      ->excludes(directed);
  app.add_flag("--hypergraph", options.hypergraph, "Read the input as a hypergraph");
}

loaded_input load_input(const input_options& options, const progress_fn& progress) {
  if (options.hypergraph)
    return load_hypergraph(options, io::parse_hypergraph_format(options.format), progress);

  // A format name decides first; "plx" and "auto" leave the decision to the file.
  const std::string name = lower(options.format);
  if (name != "auto" && name != "automatic" && name != "plx") {
    std::optional<io::graph_format> graph_format;
    try {
      graph_format = io::parse_graph_format(name);
    } catch (const error&) {
      // not a graph format name; a hypergraph format name is tried next
    }
    if (graph_format) return load_graph(options, *graph_format, progress);
    io::hypergraph_format format;
    try {
      format = io::parse_hypergraph_format(name);
    } catch (const error&) {
      throw error(error_kind::invalid_argument,
                  "unknown format '" + options.format +
                      "' (graphs: auto, mtx, snap, el, wel, gr, metis, konect, csv, plx; hypergraphs: benson, "
                      "chodrow, hmetis, json, plain)");
    }
    return load_hypergraph(options, format, progress);
  }
  if (io::is_plx(options.path))
    return io::plx_kind(options.path) == io::plx_content::hypergraph
               ? load_hypergraph(options, io::hypergraph_format::plx, progress)
               : load_plx_graph(options);
  if (name != "plx" && hypergraph_format_from_name(options.path) != io::hypergraph_format::automatic)
    return load_hypergraph(options, io::hypergraph_format::automatic, progress);
  return load_graph(options, name == "plx" ? io::graph_format::plx : io::graph_format::automatic, progress);
}

}  // namespace plexus::cli
