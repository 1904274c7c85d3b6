// Includes the execution space of the compiler at hand: exec::cuda under nvcc, exec::host
// otherwise. Algorithm and operator templates include this and are written once; each back
// end instantiates them in its own translation unit (src/algorithms/host/*.cpp, cuda/*.cu).
#pragma once

#include "plexus/exec/atomics.hpp"
#include "plexus/exec/bit.hpp"
#include "plexus/exec/hot_gather.hpp"
#include "plexus/exec/prefetch.hpp"
#include "plexus/exec/space.hpp"
#include "plexus/exec/stream_load.hpp"

#if defined(__CUDACC__)
#include "plexus/exec/cuda/buffer.cuh"
#include "plexus/exec/cuda/compact.cuh"
#include "plexus/exec/cuda/for_each.cuh"
#include "plexus/exec/cuda/reduce.cuh"
#include "plexus/exec/cuda/scan.cuh"
#include "plexus/exec/cuda/space.cuh"
#include "plexus/exec/cuda/stopwatch.cuh"
#else
#include "plexus/exec/host/buffer.hpp"
#include "plexus/exec/host/compact.hpp"
#include "plexus/exec/host/for_each.hpp"
#include "plexus/exec/host/reduce.hpp"
#include "plexus/exec/host/scan.hpp"
#include "plexus/exec/host/space.hpp"
#include "plexus/exec/host/stopwatch.hpp"
#endif
