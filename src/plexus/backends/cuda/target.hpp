// What nvcc builds, for backends/target.hpp: a CUDA translation unit compiles the kernels of
// the generic layers (PLEXUS_SIMT_COMPILER), and its device pass runs operator lambdas on
// the CUDA device functions.
#pragma once

#if defined(__CUDACC__)
#define PLEXUS_SIMT_COMPILER 1
// Operator lambdas are device-only under nvcc. Its __host__ __device__ lambdas reach the host
// as a wrapper whose copy, call and destruction go through function pointers kept per object
// file, while the wrapper's member functions are shared between object files: when the
// linker keeps one file's copy of them and another file built the lambda, the host calls a
// null pointer. A __device__ lambda is a plain closure. The libraries that must know what a
// lambda returns are told (cuda/library.hpp).
#define PLEXUS_LAMBDA_TARGET __device__
#endif
#if defined(__CUDA_ARCH__)
#define PLEXUS_DEVICE_FUNCTIONS_HEADER "plexus/backends/cuda/device_functions.hpp"
#define PLEXUS_DEVICE_FUNCTIONS cuda_device_functions
#endif
