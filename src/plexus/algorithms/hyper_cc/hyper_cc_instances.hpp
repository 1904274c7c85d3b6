// The hypergraph connected components loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/hyper_cc/hyper_cc_loop.hpp"

namespace plexus::detail {

template hyper_components_result hyper_components_run<PLEXUS_INSTANCE_SPACE>(const device_hypergraph&, const hyper_components_options&);

}  // namespace plexus::detail
