// exec::stream_load(p): reads *p with a hint that the data will not be read again soon. On
// GPUs it is ld.global.cs ("cache streaming", evict first), so arrays swept once per pass
// (neighbour ids, weights: hundreds of megabytes) do not push out of the L2 cache the small
// arrays that the same pass gathers at random (ranks, distances, bitmaps). On the host it is a
// plain read. Use it only for data no other thread writes during the pass.
#pragma once

#include "plexus/core/macros.hpp"

namespace plexus::exec {

template <class T>
PLEXUS_HOST_DEVICE inline T stream_load(const T* p) {
#if defined(__CUDA_ARCH__)
  return __ldcs(p);
#else
  return *p;
#endif
}

}  // namespace plexus::exec
