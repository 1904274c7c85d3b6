// CUDA device atomics behind exec/atomics.hpp. 64-bit integer types are routed to the
// `unsigned long long` overloads of the CUDA intrinsics; float min/max use a CAS loop.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

namespace plexus::exec::cuda_atomic {

namespace detail {
template <class T>
__device__ inline auto as_native(T* p) {
  if constexpr (std::is_integral_v<T> && sizeof(T) == 8)
    return reinterpret_cast<unsigned long long*>(p);
  else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T> && sizeof(T) == 4)
    return reinterpret_cast<unsigned int*>(p);
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 4)
    return reinterpret_cast<int*>(p);
  else
    return p;
}
template <class T, class Op>
__device__ inline T cas_loop(T* p, T v, Op better) {
  static_assert(sizeof(T) == 4, "CAS loop is for 32-bit floats");
  unsigned int* word = reinterpret_cast<unsigned int*>(p);
  unsigned int old = *word;
  while (better(v, __uint_as_float(old))) {
    const unsigned int seen = atomicCAS(word, old, __float_as_uint(v));
    if (seen == old) break;
    old = seen;
  }
  return __uint_as_float(old);
}
}  // namespace detail

template <class T>
__device__ inline T load(const T* p) {
  return *static_cast<const volatile T*>(p);
}
template <class T>
__device__ inline T load_cached(const T* p) {
  using N = std::remove_pointer_t<decltype(detail::as_native(const_cast<T*>(p)))>;
  return static_cast<T>(__ldca(reinterpret_cast<const N*>(p)));
}
template <class T>
__device__ inline void store(T* p, T v) {
  *static_cast<volatile T*>(p) = v;
}
template <class T>
__device__ inline T fetch_add(T* p, T v) {
  using N = std::remove_pointer_t<decltype(detail::as_native(p))>;
  return static_cast<T>(atomicAdd(detail::as_native(p), static_cast<N>(v)));
}
template <class T>
__device__ inline T fetch_min(T* p, T v) {
  if constexpr (std::is_floating_point_v<T>)
    return detail::cas_loop(p, v, [](T a, T b) { return a < b; });
  else {
    using N = std::remove_pointer_t<decltype(detail::as_native(p))>;
    return static_cast<T>(atomicMin(detail::as_native(p), static_cast<N>(v)));
  }
}
template <class T>
__device__ inline T fetch_max(T* p, T v) {
  if constexpr (std::is_floating_point_v<T>)
    return detail::cas_loop(p, v, [](T a, T b) { return a > b; });
  else {
    using N = std::remove_pointer_t<decltype(detail::as_native(p))>;
    return static_cast<T>(atomicMax(detail::as_native(p), static_cast<N>(v)));
  }
}
template <class T>
__device__ inline T fetch_or(T* p, T v) {
  using N = std::remove_pointer_t<decltype(detail::as_native(p))>;
  return static_cast<T>(atomicOr(detail::as_native(p), static_cast<N>(v)));
}
template <class T>
__device__ inline T fetch_and(T* p, T v) {
  using N = std::remove_pointer_t<decltype(detail::as_native(p))>;
  return static_cast<T>(atomicAnd(detail::as_native(p), static_cast<N>(v)));
}
template <class T>
__device__ inline T exchange(T* p, T v) {
  using N = std::remove_pointer_t<decltype(detail::as_native(p))>;
  return static_cast<T>(atomicExch(detail::as_native(p), static_cast<N>(v)));
}
template <class T>
__device__ inline T compare_exchange(T* p, T expected, T desired) {
  using N = std::remove_pointer_t<decltype(detail::as_native(p))>;
  return static_cast<T>(atomicCAS(detail::as_native(p), static_cast<N>(expected), static_cast<N>(desired)));
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

}  // namespace plexus::exec::cuda_atomic
