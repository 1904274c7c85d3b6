// Atomic read-modify-write operations usable inside operator lambdas on every back end.
//
// Each function is PLEXUS_HOST_DEVICE: compiled for a GPU it calls the CUDA atomics
// (cuda/atomics.cuh), compiled for the host it uses std::atomic_ref (host/atomics.hpp).
// All are relaxed: algorithms order their phases with kernel or parallel-region boundaries,
// never with these operations. Each returns the value held before the update.
#pragma once

#include <cstdint>

#include "plexus/core/macros.hpp"
#include "plexus/exec/host/atomics.hpp"
#if defined(__CUDACC__)
#include "plexus/exec/cuda/atomics.cuh"
#endif

namespace plexus::exec {

#if defined(__CUDA_ARCH__)
#define PLEXUS_ATOMIC_NS cuda_atomic
#else
#define PLEXUS_ATOMIC_NS host_atomic
#endif

template <class T>
PLEXUS_HOST_DEVICE inline T atomic_load(const T* p) { return PLEXUS_ATOMIC_NS::load(p); }
/// A load that may return a value older than a concurrent thread's write: on GPUs it reads
/// through the SM's L1 cache (ld.global.ca), which is not kept coherent within a kernel, where
/// atomic_load always goes to L2. Hot entries (a giant component's root, a hub's distance) are
/// then served by every SM's own cache. Use it only where any earlier value of *p is also a
/// valid answer: union-find parents that only move up their tree, distances that only fall.
template <class T>
PLEXUS_HOST_DEVICE inline T cached_load(const T* p) { return PLEXUS_ATOMIC_NS::load_cached(p); }
/// A relaxed store that concurrent atomic_load calls may race with (no read-modify-write).
template <class T>
PLEXUS_HOST_DEVICE inline void atomic_store(T* p, T v) { PLEXUS_ATOMIC_NS::store(p, v); }
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_add(T* p, T v) { return PLEXUS_ATOMIC_NS::fetch_add(p, v); }
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_min(T* p, T v) { return PLEXUS_ATOMIC_NS::fetch_min(p, v); }
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_max(T* p, T v) { return PLEXUS_ATOMIC_NS::fetch_max(p, v); }
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_or(T* p, T v) { return PLEXUS_ATOMIC_NS::fetch_or(p, v); }
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_and(T* p, T v) { return PLEXUS_ATOMIC_NS::fetch_and(p, v); }
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_exchange(T* p, T v) { return PLEXUS_ATOMIC_NS::exchange(p, v); }
/// Stores `desired` when *p == expected; returns the previous value either way.
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_cas(T* p, T expected, T desired) {
  return PLEXUS_ATOMIC_NS::compare_exchange(p, expected, desired);
}
/// Moves *mark to `label`; true for the one caller that did, so that a vertex joins a queue
/// once per label. The mark is read first: a vertex marked again within the same pass is
/// already marked, and then costs a load instead of an atomic read-modify-write.
PLEXUS_HOST_DEVICE inline bool claim_mark(unsigned int* mark, unsigned int label) {
  return PLEXUS_ATOMIC_NS::load(mark) != label && PLEXUS_ATOMIC_NS::exchange(mark, label) != label;
}
/// Adds one to a counter shared by many threads and returns the previous value. On GPUs the
/// threads of a warp that hit the same counter are combined into one atomic.
PLEXUS_HOST_DEVICE inline unsigned long long atomic_increment_aggregated(unsigned long long* p) {
  return PLEXUS_ATOMIC_NS::increment_aggregated(p);
}

/// Adds v to a counter shared by many threads, without returning a value. On GPUs the threads
/// of a warp that hit the same counter are combined into one atomic.
PLEXUS_HOST_DEVICE inline void atomic_add_aggregated(unsigned long long* p, unsigned long long v) {
  PLEXUS_ATOMIC_NS::add_aggregated(p, v);
}

#undef PLEXUS_ATOMIC_NS

}  // namespace plexus::exec
