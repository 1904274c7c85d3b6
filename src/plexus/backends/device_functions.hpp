// The device functions of the code being compiled: backends::device_functions names the
// namespace of atomics, cache-hinted loads and bit operations of the target this pass of the
// compiler builds (the device pass of nvcc or hipcc, or the host). exec/atomics.hpp,
// exec/loads.hpp and exec/bit.hpp call through it, so one lambda body compiles for every
// back end.
#pragma once

#include "plexus/backends/target.hpp"

#if defined(__CUDA_ARCH__)
#include "plexus/backends/cuda/device_functions.hpp"
namespace plexus::backends {
namespace device_functions = cuda_device_functions;
}
#elif defined(__HIP_DEVICE_COMPILE__)
#include "plexus/backends/hip/device_functions.hpp"
namespace plexus::backends {
namespace device_functions = hip_device_functions;
}
#else
#include "plexus/backends/host/device_functions.hpp"
namespace plexus::backends {
namespace device_functions = host_device_functions;
}
#endif
