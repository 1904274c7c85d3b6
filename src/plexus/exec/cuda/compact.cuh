// Stream compaction on the GPU with cub::DeviceSelect::If: keep the elements (or indices)
// a predicate accepts, in order. Returns the count to the host (synchronises).
#pragma once

#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>

#include <cstddef>

#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/small_copy.cuh"
#include "plexus/exec/cuda/space.cuh"

namespace plexus::exec {

namespace cuda_detail {
template <class Input, class T, class Pred>
std::size_t select_if(const cuda& space, Input in, std::size_t n, T* out, Pred pred) {
  if (n == 0) return 0;
  using count_t = unsigned long long;
  std::size_t temp_bytes = 0;
  PLEXUS_CUDA_CHECK(cub::DeviceSelect::If(nullptr, temp_bytes, in, out, static_cast<count_t*>(nullptr), n, pred,
                                          space.stream()));
  constexpr std::size_t count_slot = 256;
  char* scratch = static_cast<char*>(space.scratch(count_slot + temp_bytes));
  count_t* count = reinterpret_cast<count_t*>(scratch);
  PLEXUS_CUDA_CHECK(
      cub::DeviceSelect::If(scratch + count_slot, temp_bytes, in, out, count, n, pred, space.stream()));
  count_t value = 0;
  cuda_detail::read_back(&value, count, sizeof(value));
  return static_cast<std::size_t>(value);
}
}  // namespace cuda_detail

/// Writes every i in [0, n) with pred(i) to out, ascending; returns how many.
template <class T, class Pred>
std::size_t compact_indices(const cuda& space, std::size_t n, T* out, Pred pred) {
  return cuda_detail::select_if(space, thrust::counting_iterator<T>(0), n, out, pred);
}

/// Writes every in[i] with pred(in[i]) to out, in order; returns how many.
template <class T, class Pred>
std::size_t compact(const cuda& space, const T* in, std::size_t n, T* out, Pred pred) {
  return cuda_detail::select_if(space, in, n, out, pred);
}

}  // namespace plexus::exec
