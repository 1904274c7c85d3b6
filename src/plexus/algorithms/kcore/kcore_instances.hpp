// The k-core peeling loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/kcore/kcore_loop.hpp"

namespace plexus::detail {

template kcore_result kcore_run<PLEXUS_INSTANCE_SPACE>(const device_graph&, const kcore_options&);

}  // namespace plexus::detail
