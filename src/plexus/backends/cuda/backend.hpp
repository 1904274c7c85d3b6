// The CUDA back end: exec::cuda and its implementation of the execution interface, for
// translation units nvcc builds (elsewhere this header is empty).
#pragma once

#if defined(__CUDACC__)
#include "plexus/backends/cuda/device_functions.hpp"
#include "plexus/backends/cuda/library.hpp"
#include "plexus/backends/cuda/runtime.hpp"
#include "plexus/backends/cuda/space.hpp"
#include "plexus/backends/cuda/subgroup.hpp"
#include "plexus/backends/simt/backend.hpp"
#endif
