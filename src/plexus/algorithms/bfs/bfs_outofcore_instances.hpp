// The out-of-core BFS loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/bfs/bfs_outofcore_loop.hpp"

namespace plexus::detail {

template bfs_result bfs_outofcore_run<PLEXUS_INSTANCE_SPACE>(const csr_graph&, vertex_t,
                                                             const outofcore::engine_options&,
                                                             outofcore::engine_report&);

}  // namespace plexus::detail
