// The HIP device functions behind exec/atomics.hpp, exec/loads.hpp and exec/bit.hpp: what
// operator lambdas call when an AMD GPU runs them (backends/device_functions.hpp picks them in
// hipcc's device pass): the atomics shared with CUDA (simt/device_atomics.hpp), and the loads
// and wavefront-aggregated atomics of AMD GPUs.
#pragma once

#include <hip/hip_runtime.h>

#include <cstddef>
#include <cstdint>

#include "plexus/backends/hip/subgroup.hpp"
#include "plexus/backends/simt/device_atomics.hpp"

namespace plexus::backends::hip_device_functions {

using namespace simt_device_atomics;

/// A load that may return an older value (exec::cached_load). AMD's vector L1 is write-through
/// and not coherent within a kernel either; a plain load through it serves hot entries from
/// the compute unit's own cache, and volatile keeps the compiler from reusing a register.
template <class T>
__device__ inline T load_cached(const T* p) {
  return *static_cast<const volatile T*>(p);
}

/// Wavefront-aggregated increment: the lanes that address the same counter elect one leader
/// that adds their count once, then each lane gets a distinct slot.
__device__ inline unsigned long long increment_aggregated(unsigned long long* p) {
  using sg = subgroup<exec::hip>;
  const sg::mask_type peers = sg::match_any(sg::active(), reinterpret_cast<unsigned long long>(p));
  const int leader = sg::first(peers);
  unsigned long long base = 0;
  if (static_cast<int>(sg::lane()) == leader) base = atomicAdd(p, static_cast<unsigned long long>(sg::count(peers)));
  base = sg::shuffle(peers, base, static_cast<unsigned>(leader));
  return base + static_cast<unsigned long long>(sg::count(peers & sg::lanes_below()));
}

/// Wavefront-aggregated add without a result: the lanes that address the same counter add the
/// sum of their values with one atomic. Below 2^27 each value is summed bit by bit across its
/// peers, one ballot per bit (HIP has no reduction over an arbitrary set of lanes); a larger
/// value makes every lane add on its own.
__device__ inline void add_aggregated(unsigned long long* p, unsigned long long v) {
  using sg = subgroup<exec::hip>;
  constexpr int kBits = 27;
  const sg::mask_type active = sg::active();
  if (sg::ballot(active, v >= (1ull << kBits)) != 0) {
    atomicAdd(p, v);
    return;
  }
  const sg::mask_type peers = sg::match_any(active, reinterpret_cast<unsigned long long>(p));
  unsigned long long total = 0;
  for (int b = 0; b < kBits; ++b)
    total += static_cast<unsigned long long>(sg::count(sg::ballot(active, (v >> b) & 1) & peers)) << b;
  if (static_cast<int>(sg::lane()) == sg::first(peers) && total != 0) atomicAdd(p, total);
}
/// A spread counter has one word on a GPU: the subgroup-aggregated add already keeps atomics
/// on it few.
__device__ inline void add_spread(unsigned long long* p, unsigned long long v) { add_aggregated(p, v); }

/// Nontemporal: data swept once per pass leaves the caches to the state gathered at random.
template <class T>
__device__ inline T load_streaming(const T* p) {
  return __builtin_nontemporal_load(p);
}
/// The vector L1 is small and not shared with LDS: every entry is read plainly.
template <class T>
__device__ inline T gather_hot_first(const T* table, std::size_t i, std::size_t) {
  return table[i];
}
/// A wavefront hides latency by switching to another wavefront: no prefetch.
template <class T>
__device__ inline void prefetch_for_update(const T*) {}

}  // namespace plexus::backends::hip_device_functions
