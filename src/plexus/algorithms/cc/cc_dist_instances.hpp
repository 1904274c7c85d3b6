// The distributed connected-components loop for one back end. The build compiles this file
// once per enabled back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its
// execution space.
#include "plexus/algorithms/cc/cc_dist_loop.hpp"

namespace plexus::detail {

template cc_dist_result cc_dist_run<PLEXUS_INSTANCE_SPACE>(dist::communicator&, const dist::partition&,
                                                           const device_graph&,
                                                           std::span<const std::uint64_t>, bool,
                                                           const cc_options&);

}  // namespace plexus::detail
