// The HIP back end (AMD GPUs): exec::hip and its implementation of the execution interface,
// for translation units hipcc builds (elsewhere this header is empty).
#pragma once

#if defined(__HIPCC__)
#include "plexus/backends/hip/device_functions.hpp"
#include "plexus/backends/hip/library.hpp"
#include "plexus/backends/hip/runtime.hpp"
#include "plexus/backends/hip/space.hpp"
#include "plexus/backends/hip/subgroup.hpp"
#include "plexus/backends/simt/backend.hpp"
#endif
