// What nvcc builds, for backends/target.hpp: a CUDA translation unit compiles the kernels of
// the generic layers (PLEXUS_SIMT_COMPILER), and its device pass runs operator lambdas on
// the CUDA device functions.
#pragma once

#if defined(__CUDACC__)
#define PLEXUS_SIMT_COMPILER 1
#endif
#if defined(__CUDA_ARCH__)
#define PLEXUS_DEVICE_FUNCTIONS_HEADER "plexus/backends/cuda/device_functions.hpp"
#define PLEXUS_DEVICE_FUNCTIONS cuda_device_functions
#endif
