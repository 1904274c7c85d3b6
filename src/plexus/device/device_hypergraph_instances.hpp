// The upload of device_hypergraph for one back end. The build compiles this file once per
// enabled back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its
// execution space.
#include "plexus/device/device_hypergraph_upload.hpp"

namespace plexus::detail {

template std::shared_ptr<void> upload_hypergraph<PLEXUS_INSTANCE_SPACE>(const hypergraph&, const host_buckets&,
                                                                        const host_buckets&, csr_view&, csr_view&,
                                                                        segment_buckets&, segment_buckets&);

}  // namespace plexus::detail
