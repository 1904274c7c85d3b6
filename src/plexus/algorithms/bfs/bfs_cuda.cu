// CUDA instantiation of the single-source BFS loop (algorithms/detail/bfs_impl.hpp).
#include "plexus/algorithms/bfs/bfs_loop.hpp"
#include "plexus/algorithms/detail/dispatch.hpp"

namespace plexus::detail {

bfs_result bfs_cuda(const device_graph& graph, vertex_t source, const bfs_options& options) {
  return bfs_run<exec::cuda>(graph, source, options);
}

}  // namespace plexus::detail
