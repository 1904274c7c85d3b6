// The input of a distributed command; see distributed_input.hpp.
#include "distributed_input.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <span>

#include "plexus/core/error.hpp"
#include "plexus/dist/kronecker_slice.hpp"
#include "plexus/dist/plx_slice.hpp"
#include "common/report_line.hpp"
#include "run/run_summary.hpp"

namespace plexus::cli {

distributed_input input_of(const distributed_settings& settings) {
  check_input_spec(settings.graph, input_kind::graph);
  distributed_input input;
  if (const auto kron = kronecker_spec(settings.graph, settings.directed)) {
    input.kronecker = kron;
    input.name = kronecker_name(*kron);
    input.direction = kron->directed ? "directed (--directed)" : "undirected (generator default)";
    return input;
  }
  const std::filesystem::path path = settings.graph;
  if (settings.graph == "-")
    throw error(
        error_kind::invalid_argument,
        "--distributed reads a .plx file, each rank its own slice, not standard input: convert the graph "
        "first (plexus convert GRAPH -o GRAPH.plx)");
  if ((settings.format.empty() && path.extension() != ".plx") ||
      (!settings.format.empty() && settings.format != "plx"))
    throw error(
        error_kind::invalid_argument,
        fmt::format("{}: --distributed reads .plx files, each rank its own slice: convert it first: "
                    "plexus convert {} -o {}",
                    settings.graph, settings.graph, path.filename().replace_extension(".plx").string()));
  if (settings.directed)
    throw error(
        error_kind::invalid_argument,
        fmt::format("{} does not apply to a .plx file under --distributed: the file stores its direction",
                    *settings.directed ? "--directed" : "--undirected"));
  input.plx = path;
  input.name = path.filename().string();
  return input;
}

dist::rank_slice read_slice(dist::communicator& comm, const distributed_input& input) {
  return input.kronecker ? dist::kronecker_slice(comm, *input.kronecker)
                         : dist::read_plx_slice(comm, input.plx);
}

load_request whole_graph_request(const distributed_settings& settings) {
  load_request request;
  request.graph = settings.graph;
  request.format = settings.format;
  request.directed = settings.directed;
  return request;
}

graph_figures figures_of(dist::communicator& comm, const dist::rank_graph& graph) {
  const csr_graph& local = graph.graph;
  // An undirected graph stores an edge twice and a self-loop once (owned ids are local ids).
  edge_t loops = 0;
  if (!local.directed())
    for (vertex_t v = 0; v < graph.part.num_owned(); ++v)
      for (const vertex_t w : local.neighbors(v)) loops += w == v;
  const std::uint64_t mine[2] = {local.num_edges(), loops};
  std::uint64_t total[2];
  comm.all_reduce(std::span<const std::uint64_t>(mine), std::span<std::uint64_t>(total),
                  dist::reduce_op::sum);
  graph_figures figures;
  figures.vertices = graph.part.ranges().num_vertices();
  figures.arcs = total[0];
  figures.directed = local.directed();
  figures.edges = figures.directed ? total[0] : (total[0] - total[1]) / 2 + total[1];
  figures.weighted = graph.weighted;
  return figures;
}

nlohmann::ordered_json describe_input(const distributed_input& input, const graph_figures& figures,
                                      double load_seconds, int ranks, const std::string& transport) {
  return {{"graph", input.name},     {"vertices", figures.vertices}, {"edges", figures.edges},
          {"arcs", figures.arcs},    {"directed", figures.directed}, {"weighted", figures.weighted},
          {"vertex_order", "input"}, {"load_seconds", load_seconds}, {"ranks", ranks},
          {"transport", transport}};
}

std::string input_label(const distributed_input& input, const graph_figures& g) {
  return fmt::format("{} ({} vertices, {} {})", input.name, g.vertices, g.edges,
                     g.directed ? "arcs" : "edges");
}

void print_graph_lines(std::FILE* to, const distributed_input& input, const graph_figures& g,
                       double load_seconds, int ranks, const std::string& transport) {
  if (to == nullptr) return;
  print_line(to, "Graph",
             fmt::format("{} ({} vertices, {} {}, {})", input.name, g.vertices, g.edges,
                         g.directed ? "arcs" : "edges", g.weighted ? "weighted" : "unweighted"));
  print_line(to, "Direction",
             input.kronecker
                 ? input.direction
                 : fmt::format("{} (stored in the .plx file)", g.directed ? "directed" : "undirected"));
  print_line(to, "Load Time", seconds_text(load_seconds));
  print_line(to, "Ranks", fmt::format("{}", ranks));
  print_line(to, "Transport", transport);
}

}  // namespace plexus::cli
