// exec::prefetch_for_update(p): asks the memory system to start bringing *p into the cache,
// ready to be written, while the caller goes on with other work. On the host it is a write
// prefetch (prefetchw where the processor has it). On GPUs it does nothing: a warp hides
// latency by switching to another warp, and the loads of a kernel are already in flight
// together.
#pragma once

#include "plexus/core/macros.hpp"

namespace plexus::exec {

template <class T>
PLEXUS_HOST_DEVICE inline void prefetch_for_update(const T* p) {
#if defined(__CUDA_ARCH__)
  (void)p;
#else
  __builtin_prefetch(p, 1, 3);
#endif
}

}  // namespace plexus::exec
