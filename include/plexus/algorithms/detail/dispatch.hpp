// Entry points of the per-back-end instantiations, called by the public bfs()/sssp() after
// they have checked their arguments. The CUDA ones exist only when the CUDA back end is built.
#pragma once

#include "plexus/algorithms/bfs.hpp"
#include "plexus/algorithms/sssp.hpp"

namespace plexus::detail {

bfs_result bfs_host(const device_graph& graph, vertex_t source, const bfs_options& options);
sssp_result sssp_host(const device_graph& graph, vertex_t source, weight_t delta, load_balance balance);
#if defined(PLEXUS_HAVE_CUDA)
bfs_result bfs_cuda(const device_graph& graph, vertex_t source, const bfs_options& options);
sssp_result sssp_cuda(const device_graph& graph, vertex_t source, weight_t delta, load_balance balance);
#endif

}  // namespace plexus::detail
