// The out-of-core PageRank loop for one back end. The build compiles this file once per
// enabled back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its
// execution space.
#include "plexus/algorithms/pagerank/pagerank_outofcore_loop.hpp"

namespace plexus::detail {

template pagerank_result pagerank_outofcore_run<PLEXUS_INSTANCE_SPACE>(const csr_graph&, const pagerank_options&,
                                                                       const outofcore::engine_options&,
                                                                       outofcore::engine_report&);

}  // namespace plexus::detail
