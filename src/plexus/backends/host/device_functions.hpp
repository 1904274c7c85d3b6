// The host's device functions behind exec/atomics.hpp, exec/loads.hpp and exec/bit.hpp: what
// operator lambdas call when the host runs them (OpenMP threads on coherent caches).
//
// Atomics go through std::atomic_ref (C++20), so arrays shared with kernels need no
// std::atomic element type. All are relaxed: algorithms order their phases with parallel
// region boundaries, never with these operations. Each returns the value held before.
#pragma once

#include <atomic>
#include <cstddef>
#include <type_traits>

#include <omp.h>

#include "plexus/backends/host/space.hpp"

namespace plexus::backends::host_device_functions {

template <class T>
inline T load(const T* p) {
  return std::atomic_ref<T>(*const_cast<T*>(p)).load(std::memory_order_relaxed);
}
// Host caches are coherent: the cached load is the relaxed load.
template <class T>
inline T load_cached(const T* p) {
  return load(p);
}
template <class T>
inline void store(T* p, T v) {
  std::atomic_ref<T>(*p).store(v, std::memory_order_relaxed);
}
template <class T>
inline T fetch_add(T* p, T v) {
  return std::atomic_ref<T>(*p).fetch_add(v, std::memory_order_relaxed);
}
template <class T>
inline T compare_exchange(T* p, T expected, T desired) {
  std::atomic_ref<T>(*p).compare_exchange_strong(expected, desired, std::memory_order_relaxed);
  return expected;  // compare_exchange_strong stores the observed value on failure
}
template <class T>
inline T fetch_min(T* p, T v) {
  std::atomic_ref<T> ref(*p);
  T old = ref.load(std::memory_order_relaxed);
  while (v < old && !ref.compare_exchange_weak(old, v, std::memory_order_relaxed)) {
  }
  return old;
}
template <class T>
inline T fetch_max(T* p, T v) {
  std::atomic_ref<T> ref(*p);
  T old = ref.load(std::memory_order_relaxed);
  while (old < v && !ref.compare_exchange_weak(old, v, std::memory_order_relaxed)) {
  }
  return old;
}
template <class T>
inline T fetch_or(T* p, T v) {
  static_assert(std::is_integral_v<T>, "atomic_or needs an integer type");
  return std::atomic_ref<T>(*p).fetch_or(v, std::memory_order_relaxed);
}
template <class T>
inline T fetch_and(T* p, T v) {
  static_assert(std::is_integral_v<T>, "atomic_and needs an integer type");
  return std::atomic_ref<T>(*p).fetch_and(v, std::memory_order_relaxed);
}
template <class T>
inline T exchange(T* p, T v) {
  return std::atomic_ref<T>(*p).exchange(v, std::memory_order_relaxed);
}
// Threads of a CPU do not share an instruction stream: nothing to aggregate.
inline unsigned long long increment_aggregated(unsigned long long* p) { return fetch_add(p, 1ull); }
inline void add_aggregated(unsigned long long* p, unsigned long long v) { fetch_add(p, v); }
// A counter that every thread adds to bounces its cache line between the cores on every add:
// with 16 threads, one add per vertex found cost BC's pulled levels more than their reads.
// Each thread adds to its own word of the spread counter instead, a cache line apart
// (exec::atomic_add_spread).
inline void add_spread(unsigned long long* p, unsigned long long v) {
  const std::size_t slot = static_cast<std::size_t>(omp_get_thread_num()) % exec::kSpreadSlots;
  fetch_add(p + slot * exec::kSpreadStride, v);
}

// A CPU's caches need no hint for data swept once, and reads of a table are plain reads.
template <class T>
inline T load_streaming(const T* p) {
  return *p;
}
template <class T>
inline T gather_hot_first(const T* table, std::size_t i, std::size_t) {
  return table[i];
}
// A write prefetch (prefetchw where the processor has it).
template <class T>
inline void prefetch_for_update(const T* p) {
  __builtin_prefetch(p, 1, 3);
}

/// Sorted-list searches advance by conditional moves: random ids would mispredict half of a
/// bisection's branches.
inline constexpr bool branch_free_search = true;

inline int popcount(unsigned long long word) { return __builtin_popcountll(word); }
inline int lowest_bit(unsigned long long word) { return __builtin_ctzll(word); }

}  // namespace plexus::backends::host_device_functions
