// The PageRank loop for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/pagerank/pagerank_loop.hpp"

namespace plexus::detail {

template pagerank_result pagerank_run<PLEXUS_INSTANCE_SPACE>(const device_graph&, const pagerank_options&);

}  // namespace plexus::detail
