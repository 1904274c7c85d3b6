// The triangle counting loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/tc/tc_loop.hpp"

namespace plexus::detail {

template triangle_result triangle_count_run<PLEXUS_INSTANCE_SPACE>(const device_graph&, const triangle_options&);

}  // namespace plexus::detail
