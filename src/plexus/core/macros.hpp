// Annotation macros that let one source compile for the host and for device back ends.
//
// PLEXUS_HOST_DEVICE marks functions callable from kernels; PLEXUS_LAMBDA marks lambdas handed
// to operators. Both become CUDA/HIP annotations only under a device compiler, so plain C++
// translation units see ordinary functions and [=] lambdas.
#pragma once

#if defined(__CUDACC__) || defined(__HIPCC__)
#define PLEXUS_HOST_DEVICE __host__ __device__
#define PLEXUS_DEVICE __device__
#define PLEXUS_LAMBDA [=] __host__ __device__
#else
#define PLEXUS_HOST_DEVICE
#define PLEXUS_DEVICE
#define PLEXUS_LAMBDA [=]
#endif

#define PLEXUS_FORCE_INLINE inline __attribute__((always_inline))
