// Atomic read-modify-write operations usable inside operator lambdas on every back end.
//
// Each is PLEXUS_HOST_DEVICE and calls the device functions of the target being compiled
// (backends/device_functions.hpp): std::atomic_ref on the host, the vendor's atomics on GPUs.
// All are relaxed: algorithms order their phases with kernel or parallel-region boundaries,
// never with these operations. Each returns the value held before the update.
#pragma once

#include "plexus/backends/device_functions.hpp"
#include "plexus/backends/target.hpp"

namespace plexus::exec {

template <class T>
PLEXUS_HOST_DEVICE inline T atomic_load(const T* p) {
  return backends::device_functions::load(p);
}
/// A load that may return a value older than a concurrent thread's write: on GPUs it reads
/// through the SM's L1 cache, which is not kept coherent within a kernel, where atomic_load
/// always goes to L2. Hot entries (a giant component's root, a hub's distance) are then served
/// by every SM's own cache. Use it only where any earlier value of *p is also a valid answer:
/// union-find parents that only move up their tree, distances that only fall.
template <class T>
PLEXUS_HOST_DEVICE inline T cached_load(const T* p) {
  return backends::device_functions::load_cached(p);
}
/// A relaxed store that concurrent atomic_load calls may race with (no read-modify-write).
template <class T>
PLEXUS_HOST_DEVICE inline void atomic_store(T* p, T v) {
  backends::device_functions::store(p, v);
}
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_add(T* p, T v) {
  return backends::device_functions::fetch_add(p, v);
}
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_min(T* p, T v) {
  return backends::device_functions::fetch_min(p, v);
}
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_max(T* p, T v) {
  return backends::device_functions::fetch_max(p, v);
}
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_or(T* p, T v) {
  return backends::device_functions::fetch_or(p, v);
}
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_and(T* p, T v) {
  return backends::device_functions::fetch_and(p, v);
}
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_exchange(T* p, T v) {
  return backends::device_functions::exchange(p, v);
}
/// Stores `desired` when *p == expected; returns the previous value either way.
template <class T>
PLEXUS_HOST_DEVICE inline T atomic_cas(T* p, T expected, T desired) {
  return backends::device_functions::compare_exchange(p, expected, desired);
}
/// Moves *mark to `label`; true for the one caller that did, so that a vertex joins a queue
/// once per label. The mark is read first: a vertex marked again within the same pass is
/// already marked, and then costs a load instead of an atomic read-modify-write.
PLEXUS_HOST_DEVICE inline bool claim_mark(unsigned int* mark, unsigned int label) {
  return backends::device_functions::load(mark) != label &&
         backends::device_functions::exchange(mark, label) != label;
}
/// Adds one to a counter shared by many threads and returns the previous value. On GPUs the
/// lanes of a subgroup that hit the same counter are combined into one atomic.
PLEXUS_HOST_DEVICE inline unsigned long long atomic_increment_aggregated(unsigned long long* p) {
  return backends::device_functions::increment_aggregated(p);
}
/// Adds v to a counter shared by many threads, without returning a value. On GPUs the lanes of
/// a subgroup that hit the same counter are combined into one atomic.
PLEXUS_HOST_DEVICE inline void atomic_add_aggregated(unsigned long long* p, unsigned long long v) {
  backends::device_functions::add_aggregated(p, v);
}
/// Adds v to a spread counter: Space::spread_words words, whose sum is the count. Host threads
/// add to a word of their own (a shared counter's cache line would move between cores on every
/// add); GPUs keep one word and combine a subgroup's adds into one atomic.
PLEXUS_HOST_DEVICE inline void atomic_add_spread(unsigned long long* p, unsigned long long v) {
  backends::device_functions::add_spread(p, v);
}

}  // namespace plexus::exec
