// The Jaccard loops (per edge, listed pairs, top k) for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/algorithms/jaccard/jaccard_loop.hpp"

namespace plexus::detail {

template jaccard_result jaccard_run<PLEXUS_INSTANCE_SPACE>(const device_graph&, const jaccard_options&);
template jaccard_result jaccard_pairs_run<PLEXUS_INSTANCE_SPACE>(const device_graph&, std::span<const std::pair<vertex_t, vertex_t>>, const jaccard_options&);
template jaccard_top_k_result jaccard_top_k_run<PLEXUS_INSTANCE_SPACE>(const device_graph&, vertex_t, const jaccard_options&);

}  // namespace plexus::detail
