// The hypergraph BFS loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/hyper_bfs/hyper_bfs_loop.hpp"

namespace plexus::detail {

template hyper_bfs_result hyper_bfs_run<PLEXUS_INSTANCE_SPACE>(const device_hypergraph&, vertex_t, const hyper_bfs_options&);

}  // namespace plexus::detail
