// The sources of bench's single-source trials; see bench_sources.hpp.
#include "bench_sources.hpp"

#include <fmt/format.h>

#include "report_line.hpp"

namespace plexus::cli {

namespace {

/// `eligible` names the vertices a source may be ("with an out-arc", "in a hyperedge"),
/// `component` the kind of component ("weakly connected", "connected").
template <class Graph>
input_sources describe(const Graph& graph, const source_request& request, std::FILE* lines,
                       const char* eligible, const char* component) {
  input_sources result;
  result.drawn = draw_sources(graph, request.count, request.trials, request.seed, request.pool);
  const bool largest = request.pool == source_pool::largest_component;
  const bool distinct = static_cast<std::uint64_t>(request.count) <= result.drawn.eligible;
  result.phrase =
      fmt::format("{} sources from {}", request.count, largest ? "the largest component" : "all vertices");
  print_line(lines, "Sources",
             fmt::format("{}{}, seed {}, among the {} vertices {} {}", request.count,
                         distinct ? " distinct" : "", request.seed, result.drawn.eligible, eligible,
                         largest ? fmt::format("of the largest {} component ({} of {} vertices)", component,
                                               result.drawn.pool_size, graph.num_vertices())
                                 : std::string("of the whole input")));
  result.json = {{"from", largest ? "largest component" : "all"},
                 {"count", request.count},
                 {"distinct", distinct},
                 {"seed", request.seed},
                 {"eligible", result.drawn.eligible},
                 {"pool", result.drawn.pool_size}};
  return result;
}

}  // namespace

input_sources draw_input_sources(const csr_graph& graph, const source_request& request, std::FILE* lines) {
  return describe(graph, request, lines, "with an out-arc", "weakly connected");
}

input_sources draw_input_sources(const hypergraph& graph, const source_request& request, std::FILE* lines) {
  return describe(graph, request, lines, "in a hyperedge", "connected");
}

}  // namespace plexus::cli
