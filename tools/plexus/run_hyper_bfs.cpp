// `plexus run hyper-bfs`: breadth-first search on a hypergraph, vertex -> hyperedge -> vertex
// (Hygra, see hyper_bfs.hpp), reported as levels, vertices and hyperedges reached, the largest
// depth (in hyperedges) and the pins traversed: the pins of every reached hyperedge, the
// hypergraph counterpart of Graph500's edges in the traversed component, and the "Pins/s"
// figure. Without -s the source is a vertex in the most hyperedges. --validate checks depths
// and parents with the invariants and serial BFS of verify/hyper_bfs.hpp. --out writes each
// vertex's depth, -1 when unreached.
#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "analytics.hpp"
#include "plexus/algorithms/hyper_bfs/hyper_bfs_verify.hpp"
#include "result_writer.hpp"
#include "run_support.hpp"

namespace plexus::cli {

analytics_run run_hyper_bfs(const device_hypergraph& graph, const analytics_options& options) {
  const hypergraph& host = graph.host_hypergraph();
  const vertex_t source = options.hyper_source ? *options.hyper_source : max_degree_source(host);
  hyper_bfs_result r = hyper_bfs(graph, source, options.hyper_bfs);
  analytics_run run = iterative_run(r.seconds, r.levels);
  run.source = host.original_id(source);

  vertex_t max_depth = 0;
  for (const vertex_t d : r.vertex_depth)
    if (d != invalid_vertex) max_depth = std::max(max_depth, d);
  edge_t pins = 0;
  for (hyperedge_t h = 0; h < host.num_hyperedges(); ++h)
    if (r.hyperedge_depth[h] != invalid_vertex) pins += host.edge_size(h);
  run.lines.emplace_back("Vertices Reached", fmt::format("{}", r.reached_vertices));
  run.lines.emplace_back("Hyperedges Reached", fmt::format("{}", r.reached_hyperedges));
  run.lines.emplace_back("Max Depth", fmt::format("{}", max_depth));
  run.lines.emplace_back("Pins Traversed", fmt::format("{}", pins));
  run.summary = fmt::format("reached {} vertices, depth {}", r.reached_vertices, max_depth);
  run.metric_name = "Pins/s";
  run.metric = run.seconds > 0 ? pins / run.seconds : 0.0;
  run.record = {{"source", *run.source},
                {"levels", r.levels},
                {"vertices_reached", r.reached_vertices},
                {"hyperedges_reached", r.reached_hyperedges},
                {"max_depth", max_depth},
                {"pins_traversed", pins}};

  if (options.validate)
    run.verdict = verify::hyper_bfs(host, source, r.vertex_depth, r.vertex_parent, r.hyperedge_depth,
                                    r.hyperedge_parent);
  auto kept = std::make_shared<hyper_bfs_result>(std::move(r));
  run.write = [&host, kept](const std::filesystem::path& path) {
    write_vertex_depths(path, host, kept->vertex_depth);
  };
  return run;
}

}  // namespace plexus::cli
