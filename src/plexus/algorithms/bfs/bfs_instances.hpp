// The BFS loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/bfs/bfs_loop.hpp"

namespace plexus::detail {

template bfs_result bfs_run<PLEXUS_INSTANCE_SPACE>(const device_graph&, vertex_t, const bfs_options&);

}  // namespace plexus::detail
