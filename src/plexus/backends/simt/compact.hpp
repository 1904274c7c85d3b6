// Stream compaction on a SIMT back end with the vendor library's device-wide select: keep the
// elements (or indices) a predicate accepts, in order. Returns the count to the host
// (synchronises).
#pragma once

#include <cstddef>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/small_copy.hpp"
#include "plexus/backends/simt/vendor.hpp"

namespace plexus::backends::simt_detail {

template <class Space, class Input, class T, class Pred>
std::size_t select_if(const Space& space, Input in, std::size_t n, T* out, Pred pred) {
  if (n == 0) return 0;
  constexpr std::size_t count_slot = 256;
  const unsigned long long* count = gpu_library<Space>::select(space, in, n, out, pred, count_slot);
  unsigned long long value = 0;
  read_back<Space>(&value, count, sizeof(value), space.stream());
  return static_cast<std::size_t>(value);
}

}  // namespace plexus::backends::simt_detail

namespace plexus::exec {

/// Writes every i in [0, n) with pred(i) to out, ascending; returns how many.
template <simt_space Space, class T, class Pred>
std::size_t compact_indices(const Space& space, std::size_t n, T* out, Pred pred) {
  using counting = typename backends::gpu_library<Space>::template counting_iterator<T>;
  return backends::simt_detail::select_if(space, counting(0), n, out, pred);
}

/// Writes every in[i] with pred(in[i]) to out, in order; returns how many.
template <simt_space Space, class T, class Pred>
std::size_t compact(const Space& space, const T* in, std::size_t n, T* out, Pred pred) {
  return backends::simt_detail::select_if(space, in, n, out, pred);
}

}  // namespace plexus::exec
