// The HIP back end's answers to backends::queries: whether an AMD GPU is present, and its name.
#include <hip/hip_runtime_api.h>

#include <string>

#include "plexus/backends/backend.hpp"
#include "plexus/backends/hip/runtime.hpp"

namespace plexus::backends {

template <>
bool queries<exec::hip>::available() {
  return gpu_runtime<exec::hip>::device_count() > 0;
}

template <>
std::string queries<exec::hip>::device_name() {
  int device = 0;
  hipDeviceProp_t prop{};
  if (hipGetDevice(&device) != hipSuccess || hipGetDeviceProperties(&prop, device) != hipSuccess) {
    static_cast<void>(hipGetLastError());
    return "HIP device (properties unavailable)";
  }
  return prop.name;
}

template <>
device_memory queries<exec::hip>::memory() {
  const auto state = gpu_runtime<exec::hip>::memory_info();
  return {state.free, state.total};
}

template <>
int queries<exec::hip>::device_count() {
  return gpu_runtime<exec::hip>::device_count();
}

template <>
void queries<exec::hip>::select_device(int ordinal) {
  gpu_runtime<exec::hip>::select_device(ordinal);
}

}  // namespace plexus::backends
