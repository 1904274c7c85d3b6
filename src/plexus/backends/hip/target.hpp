// What hipcc builds, for backends/target.hpp: a HIP translation unit compiles the kernels of
// the generic layers (PLEXUS_SIMT_COMPILER), and its device pass runs operator lambdas on
// the HIP device functions.
#pragma once

#if defined(__HIPCC__)
#define PLEXUS_SIMT_COMPILER 1
#define PLEXUS_LAMBDA_TARGET __host__ __device__
#endif
#if defined(__HIP_DEVICE_COMPILE__)
#define PLEXUS_DEVICE_FUNCTIONS_HEADER "plexus/backends/hip/device_functions.hpp"
#define PLEXUS_DEVICE_FUNCTIONS hip_device_functions
#endif
