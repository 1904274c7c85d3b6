// The distributed PageRank loop for one back end. The build compiles this file once per
// enabled back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its
// execution space.
#include "plexus/algorithms/pagerank/pagerank_dist_loop.hpp"

namespace plexus::detail {

template pagerank_dist_result pagerank_dist_run<PLEXUS_INSTANCE_SPACE>(dist::communicator&,
                                                                       const dist::rank_graph&,
                                                                       const device_graph&,
                                                                       const pagerank_options&);

}  // namespace plexus::detail
