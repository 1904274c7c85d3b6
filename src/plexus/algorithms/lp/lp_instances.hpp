// The label propagation loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/lp/lp_loop.hpp"

namespace plexus::detail {

template lp_result lp_run<PLEXUS_INSTANCE_SPACE>(const device_graph&, const lp_options&);

}  // namespace plexus::detail
