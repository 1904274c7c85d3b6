// What the compiler building this translation unit can target, and the annotations that let
// one source compile for the host and for GPU back ends. The only place outside a back end's
// own folder that looks at a compiler's macros.
//
// PLEXUS_SIMT_COMPILER is 1 when a GPU compiler builds this translation unit (nvcc for the
// cuda back end, hipcc for hip): then the SIMT back end of that compiler and the kernels of
// the generic layers (the simt/ folders) are compiled here. It is 0 for plain C++ compilers,
// which build the host back end only. Every translation unit builds the host back end.
//
// PLEXUS_HOST_DEVICE marks functions callable from kernels and from the host; PLEXUS_DEVICE
// marks kernel-only functions; PLEXUS_LAMBDA marks lambdas handed to operators. Under a plain
// C++ compiler they are ordinary functions and [=] lambdas.
#pragma once

#include "plexus/core/force_inline.hpp"

#if defined(__CUDACC__) || defined(__HIPCC__)
#define PLEXUS_SIMT_COMPILER 1
#define PLEXUS_HOST_DEVICE __host__ __device__
#define PLEXUS_DEVICE __device__
#define PLEXUS_LAMBDA [=] __host__ __device__
#else
#define PLEXUS_SIMT_COMPILER 0
#define PLEXUS_HOST_DEVICE
#define PLEXUS_DEVICE
#define PLEXUS_LAMBDA [=]
#endif
