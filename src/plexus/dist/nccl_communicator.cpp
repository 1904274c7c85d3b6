// The NCCL transport (nccl.hpp): the GPU communicator over the CUDA back end's collectives.
#include "plexus/backends/cuda/collectives.hpp"
#include "plexus/backends/cuda/runtime.hpp"
#include "plexus/dist/gpu_communicator.hpp"
#include "plexus/dist/nccl.hpp"

namespace plexus::dist {

std::string nccl_library_version() {
  return backends::gpu_collectives<exec::cuda>::version();
}

std::unique_ptr<communicator> make_nccl_communicator(communicator& host, int device,
                                                     const nccl_options& options) {
  return make_gpu_communicator<exec::cuda>(host, device, options.timeout);
}

}  // namespace plexus::dist
