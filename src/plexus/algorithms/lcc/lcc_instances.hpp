// The LCC loop for one back end. The build compiles this file once per enabled back end
// (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/lcc/lcc_loop.hpp"

namespace plexus::detail {

template lcc_result lcc_run<PLEXUS_INSTANCE_SPACE>(const device_graph&, const lcc_options&);

}  // namespace plexus::detail
