// Public hyper_bfs(): argument checks and dispatch to the back end of the hypergraph (the
// loop is hyper_bfs_loop.hpp).
#include "plexus/algorithms/hyper_bfs/hyper_bfs.hpp"

#include <fmt/format.h>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
// The loop of hyper_bfs_loop.hpp, compiled once per back end from hyper_bfs_instances.hpp.
template <class Space>
hyper_bfs_result hyper_bfs_run(const device_hypergraph&, vertex_t, const hyper_bfs_options&);
}  // namespace detail

hyper_bfs_result hyper_bfs(const device_hypergraph& graph, vertex_t source, const hyper_bfs_options& options) {
  if (source >= graph.num_vertices())
    throw error(error_kind::invalid_argument,
                fmt::format("hypergraph BFS: source {} out of range: the hypergraph has {} vertices", source,
                            graph.num_vertices()));
  return backends::dispatch(graph.where(), [&]<class Space>() { return detail::hyper_bfs_run<Space>(graph, source, options); });
}

}  // namespace plexus
