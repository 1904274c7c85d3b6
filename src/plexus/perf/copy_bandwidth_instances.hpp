// The copy of copy_bandwidth_loop.hpp for one back end. The build compiles this file once per
// enabled back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its
// execution space.
#include "plexus/perf/copy_bandwidth_loop.hpp"

namespace plexus::detail {

template std::vector<double> copy_bandwidth_run<PLEXUS_INSTANCE_SPACE>(std::size_t, int);

}  // namespace plexus::detail
