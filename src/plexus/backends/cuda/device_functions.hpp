// The CUDA device functions behind exec/atomics.hpp, exec/loads.hpp and exec/bit.hpp: what
// operator lambdas call when a CUDA kernel runs them (backends/device_functions.hpp picks
// them in nvcc's device pass): the atomics shared with HIP (simt/device_atomics.hpp), and the
// loads and warp-aggregated atomics of NVIDIA GPUs.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "plexus/backends/simt/device_atomics.hpp"

namespace plexus::backends::cuda_device_functions {

using namespace simt_device_atomics;

template <class T>
__device__ inline T load_cached(const T* p) {
  using N = std::remove_pointer_t<decltype(simt_device_atomics::detail::as_native(const_cast<T*>(p)))>;
  return static_cast<T>(__ldca(reinterpret_cast<const N*>(p)));
}
/// Warp-aggregated increment: the lanes that address the same counter elect one leader that
/// adds their count once, then each lane gets a distinct slot (CUDA Programming Guide,
/// "warp-aggregated atomics").
__device__ inline unsigned long long increment_aggregated(unsigned long long* p) {
  const unsigned int active = __activemask();
  const unsigned int peers = __match_any_sync(active, reinterpret_cast<unsigned long long>(p));
  const int leader = __ffs(peers) - 1;
  const int lane = threadIdx.x & 31;
  unsigned long long base = 0;
  if (lane == leader) base = atomicAdd(p, static_cast<unsigned long long>(__popc(peers)));
  base = __shfl_sync(peers, base, leader);
  return base + __popc(peers & ((1u << lane) - 1u));
}

/// Warp-aggregated add without a result: the lanes that address the same counter add the
/// sum of their values with one atomic. The sum is a 32-bit warp reduction when every value
/// is below 2^27 (32 of them cannot overflow it); otherwise each lane adds on its own.
__device__ inline void add_aggregated(unsigned long long* p, unsigned long long v) {
  const unsigned int active = __activemask();
  if (__any_sync(active, v >= (1ull << 27))) {
    atomicAdd(p, v);
    return;
  }
  const unsigned int peers = __match_any_sync(active, reinterpret_cast<unsigned long long>(p));
  const unsigned int total = __reduce_add_sync(peers, static_cast<unsigned int>(v));
  if (static_cast<int>(threadIdx.x & 31) == __ffs(peers) - 1 && total != 0)
    atomicAdd(p, static_cast<unsigned long long>(total));
}
/// A spread counter has one word on a GPU: the subgroup-aggregated add already keeps atomics
/// on it few.
__device__ inline void add_spread(unsigned long long* p, unsigned long long v) { add_aggregated(p, v); }

/// Cache streaming (ld.global.cs, evict first): data swept once per pass leaves the L2 cache
/// to the state gathered at random.
template <class T>
__device__ inline T load_streaming(const T* p) {
  return __ldcs(p);
}
/// Entries past `hot` cached in L2 only (ld.global.cg): reads of a table's cold entries leave
/// L1 to its hot ones.
template <class T>
__device__ inline T gather_hot_first(const T* table, std::size_t i, std::size_t hot) {
  return i < hot ? table[i] : __ldcg(table + i);
}
/// A warp hides latency by switching to another warp: no prefetch.
template <class T>
__device__ inline void prefetch_for_update(const T*) {}

}  // namespace plexus::backends::cuda_device_functions
