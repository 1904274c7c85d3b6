// CUDA instantiation of the hypergraph BFS loop (algorithms/detail/hyper_bfs_impl.hpp).
#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/hyper_bfs/hyper_bfs_loop.hpp"

namespace plexus::detail {

hyper_bfs_result hyper_bfs_cuda(const device_hypergraph& graph, vertex_t source, const hyper_bfs_options& options) {
  return hyper_bfs_run<exec::cuda>(graph, source, options);
}

}  // namespace plexus::detail
