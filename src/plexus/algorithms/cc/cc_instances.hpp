// The Afforest loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/cc/cc_loop.hpp"

namespace plexus::detail {

template cc_result cc_run<PLEXUS_INSTANCE_SPACE>(const device_graph&, const cc_options&);

}  // namespace plexus::detail
