// The device atomics of the SIMT back ends behind exec/atomics.hpp, shared by CUDA and HIP,
// whose kernels have the same atomic intrinsics. 64-bit integer types are routed to the
// `unsigned long long` overloads of the intrinsics; float min/max use a compare-and-swap
// loop. Each vendor's device_functions.hpp brings these into its namespace and adds what its
// hardware does differently (cached loads, subgroup-aggregated atomics, cache hints).
#pragma once

#include <cstdint>
#include <type_traits>

namespace plexus::backends::simt_device_atomics {

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
__device__ inline int popcount(unsigned long long word) { return __popcll(word); }
__device__ inline int lowest_bit(unsigned long long word) { return __ffsll(static_cast<long long>(word)) - 1; }

/// Sorted-list searches bisect with branches, which a subgroup's lanes take together anyway.
inline constexpr bool branch_free_search = false;

}  // namespace plexus::backends::simt_device_atomics
