// The sources of bench's single-source trials; see bench_sources.hpp.
#include "bench_sources.hpp"

#include <fmt/format.h>

#include <utility>

#include "common/report_line.hpp"

namespace plexus::cli {

input_sources describe_sources(drawn_sources drawn, const source_request& request, vertex_t vertices,
                               std::FILE* lines, const char* eligible, const char* component) {
  input_sources result;
  result.drawn = std::move(drawn);
  const bool largest = request.pool == source_pool::largest_component;
  const bool distinct = static_cast<std::uint64_t>(request.count) <= result.drawn.eligible;
  result.phrase =
      fmt::format("{} sources from {}", request.count, largest ? "the largest component" : "all vertices");
  print_line(lines, "Sources",
             fmt::format("{}{}, seed {}, among the {} vertices {} {}", request.count,
                         distinct ? " distinct" : "", request.seed, result.drawn.eligible, eligible,
                         largest ? fmt::format("of the largest {} component ({} of {} vertices)", component,
                                               result.drawn.pool_size, vertices)
                                 : std::string("of the whole input")));
  result.json = {{"from", largest ? "largest component" : "all"},
                 {"count", request.count},
                 {"distinct", distinct},
                 {"seed", request.seed},
                 {"eligible", result.drawn.eligible},
                 {"pool", result.drawn.pool_size}};
  return result;
}

input_sources draw_input_sources(const csr_graph& graph, const source_request& request, std::FILE* lines) {
  return describe_sources(draw_sources(graph, request.count, request.trials, request.seed, request.pool),
                          request, graph.num_vertices(), lines, kGraphSourcesAre, kGraphComponentsAre);
}

input_sources draw_input_sources(const hypergraph& graph, const source_request& request, std::FILE* lines) {
  return describe_sources(draw_sources(graph, request.count, request.trials, request.seed, request.pool),
                          request, graph.num_vertices(), lines, "in a hyperedge", "connected");
}

}  // namespace plexus::cli
