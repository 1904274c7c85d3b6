// The upload of device_graph for one back end. The build compiles this file once per enabled
// back end (backends/backend_list.hpp), with PLEXUS_INSTANCE_SPACE naming its execution space.
#include "plexus/device/device_graph_upload.hpp"

namespace plexus::detail {

template std::shared_ptr<void> upload_graph<PLEXUS_INSTANCE_SPACE>(const csr_graph&, bool, csr_view&, csr_view&,
                                                                   bool&);

}  // namespace plexus::detail
