// Back-end names and availability queries. The CUDA queries are compiled only when the CUDA
// back end is built; otherwise the cuda back end reports itself unavailable.
#include "plexus/exec/backend.hpp"

#include <omp.h>

#include "plexus/core/error.hpp"

#if defined(PLEXUS_HAVE_CUDA)
#include <cuda_runtime.h>
#endif

namespace plexus {

std::string_view to_string(backend b) { return b == backend::host ? "host" : "cuda"; }

backend parse_backend(std::string_view name) {
  if (name == "host") return backend::host;
  if (name == "cuda") return backend::cuda;
  throw error(error_kind::invalid_argument,
              "unknown back end '" + std::string(name) + "': valid choices are host, cuda");
}

bool backend_available(backend b) {
  if (b == backend::host) return true;
#if defined(PLEXUS_HAVE_CUDA)
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return count > 0;
#else
  return false;
#endif
}

std::string backend_device_name(backend b) {
  if (b == backend::host) {
    const int threads = omp_get_max_threads();
    return "OpenMP, " + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
  }
#if defined(PLEXUS_HAVE_CUDA)
  if (!backend_available(b)) return "no CUDA device";
  int device = 0;
  cudaDeviceProp prop{};
  if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&prop, device) != cudaSuccess) {
    cudaGetLastError();
    return "CUDA device (properties unavailable)";
  }
  return prop.name;
#else
  return "CUDA back end not built";
#endif
}

}  // namespace plexus
