// The CUDA back end's answers to backends::queries: whether a device is present, and its name.
#include <cuda_runtime.h>

#include <string>

#include "plexus/backends/backend.hpp"
#include "plexus/backends/cuda/runtime.hpp"

namespace plexus::backends {

template <>
bool queries<exec::cuda>::available() {
  return gpu_runtime<exec::cuda>::device_count() > 0;
}

template <>
std::string queries<exec::cuda>::device_name() {
  int device = 0;
  cudaDeviceProp prop{};
  if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&prop, device) != cudaSuccess) {
    cudaGetLastError();
    return "CUDA device (properties unavailable)";
  }
  return prop.name;
}

template <>
device_memory queries<exec::cuda>::memory() {
  const auto state = gpu_runtime<exec::cuda>::memory_info();
  return {state.free, state.total};
}

template <>
int queries<exec::cuda>::device_count() {
  return gpu_runtime<exec::cuda>::device_count();
}

template <>
void queries<exec::cuda>::select_device(int ordinal) {
  gpu_runtime<exec::cuda>::select_device(ordinal);
}

}  // namespace plexus::backends
