// The device functions of the code being compiled: backends::device_functions names the
// namespace of atomics, cache-hinted loads and bit operations of the target this pass of the
// compiler builds: a GPU back end's in its compiler's device pass (backends/<name>/target.hpp
// names it), the host's everywhere else. exec/atomics.hpp, exec/loads.hpp and exec/bit.hpp
// call through it, so one lambda body compiles for every back end.
#pragma once

#include "plexus/backends/target.hpp"

#if defined(PLEXUS_DEVICE_FUNCTIONS_HEADER)
#include PLEXUS_DEVICE_FUNCTIONS_HEADER
namespace plexus::backends {
namespace device_functions = PLEXUS_DEVICE_FUNCTIONS;
}
#else
#include "plexus/backends/host/device_functions.hpp"
namespace plexus::backends {
namespace device_functions = host_device_functions;
}
#endif
