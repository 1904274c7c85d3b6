// Reductions on a SIMT back end:
//   reduce(space, n, init, f, op): init op f(0) op ... op f(n-1) with the vendor library's
//     transform-reduce over a counting range; returns the value to the host (synchronises).
//   reduce_into(space, n, init, f, op, out): the same, left in device memory at out.
//   sum_counted(space, count, capacity, f, out): *out += f(0) + ... + f(k-1) with k =
//     min(*count, capacity), where count and out are device memory: the length of the range is
//     read by the kernel, so a loop can total a frontier whose size it has not read yet and
//     fetch both figures in one transfer. A fixed grid folds grid-stride ranges per thread,
//     then one atomic per subgroup.
#pragma once

#include <algorithm>
#include <cstddef>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/small_copy.hpp"
#include "plexus/backends/simt/vendor.hpp"

namespace plexus::backends::simt_detail {

template <class Space, class F>
__global__ void sum_counted_kernel(const unsigned long long* count, std::size_t capacity, F f,
                                   unsigned long long* out) {
  using sg = subgroup<Space>;
  const std::size_t n = *count < capacity ? static_cast<std::size_t>(*count) : capacity;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  unsigned long long sum = 0;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    sum += f(i);
  for (unsigned offset = sg::width / 2; offset > 0; offset /= 2) sum += sg::shuffle_xor(sg::all, sum, offset);
  if (sg::lane() == 0 && sum != 0) atomicAdd(out, sum);
}

// Enough blocks to fill an H100 twice over; a short range leaves most of them idle for the
// cost of one read of the count each.
inline constexpr unsigned int sum_counted_blocks = 264;

}  // namespace plexus::backends::simt_detail

namespace plexus::exec {

template <simt_space Space, class T, class F, class Op>
T reduce(const Space& space, std::size_t n, T init, F f, Op op) {
  if (n == 0) return init;
  // The result sits at the start of the scratch, the library's storage after it, aligned.
  constexpr std::size_t result_slot = 256;
  backends::gpu_library<Space>::transform_reduce(space, n, init, f, op, static_cast<T*>(nullptr), result_slot);
  T value;
  backends::read_back<Space>(&value, space.scratch(result_slot), sizeof(value), space.stream());
  return value;
}

template <simt_space Space, class T, class F, class Op>
void reduce_into(const Space& space, std::size_t n, T init, F f, Op op, T* out) {
  if (n == 0) {
    backends::gpu_runtime<Space>::copy_async(out, &init, sizeof(T), space.stream());
    return;
  }
  backends::gpu_library<Space>::transform_reduce(space, n, init, f, op, out, 0);
}

template <simt_space Space, class F>
void sum_counted(const Space& space, const unsigned long long* count, std::size_t capacity, F f,
                 unsigned long long* out) {
  if (capacity == 0) return;
  const unsigned int blocks = std::min(Space::grid_for(capacity), backends::simt_detail::sum_counted_blocks);
  backends::simt_detail::sum_counted_kernel<Space>
      <<<blocks, Space::block_size, 0, space.stream()>>>(count, capacity, f, out);
  backends::gpu_runtime<Space>::check_launch();
}

}  // namespace plexus::exec
