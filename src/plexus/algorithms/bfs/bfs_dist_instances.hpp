// The distributed BFS loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/bfs/bfs_dist_loop.hpp"

namespace plexus::detail {

template bfs_dist_result bfs_dist_run<PLEXUS_INSTANCE_SPACE>(dist::communicator&, const dist::partition&,
                                                             const device_graph&, vertex_t, bool,
                                                             const bfs_options&);

}  // namespace plexus::detail
