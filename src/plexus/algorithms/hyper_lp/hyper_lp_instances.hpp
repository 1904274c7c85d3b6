// The hypergraph label propagation loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/hyper_lp/hyper_lp_loop.hpp"

namespace plexus::detail {

template hyper_label_propagation_result hyper_lp_run<PLEXUS_INSTANCE_SPACE>(const device_hypergraph&, const hyper_label_propagation_options&);

}  // namespace plexus::detail
