// The near-far SSSP loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/sssp/sssp_loop.hpp"

namespace plexus::detail {

template sssp_result sssp_run<PLEXUS_INSTANCE_SPACE>(const device_graph&, vertex_t, weight_t, const sssp_options&);

}  // namespace plexus::detail
