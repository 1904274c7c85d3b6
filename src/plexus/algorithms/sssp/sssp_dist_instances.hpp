// The distributed near-far SSSP loop for one back end. The build compiles this file once per
// enabled back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its
// execution space.
#include "plexus/algorithms/sssp/sssp_dist_loop.hpp"

namespace plexus::detail {

template sssp_dist_result sssp_dist_run<PLEXUS_INSTANCE_SPACE>(dist::communicator&, const dist::partition&,
                                                               const device_graph&, vertex_t, weight_t,
                                                               const sssp_options&);

}  // namespace plexus::detail
