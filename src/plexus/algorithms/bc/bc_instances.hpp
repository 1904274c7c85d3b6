// The batched Brandes loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/bc/bc_loop.hpp"

namespace plexus::detail {

template betweenness_raw betweenness_run<PLEXUS_INSTANCE_SPACE>(const device_graph&, std::span<const vertex_t>, bool, vertex_t);

}  // namespace plexus::detail
