// gpu_library<exec::cuda>: CUB's device-wide reduce, scan and select behind backends/simt/
// (see simt/vendor.hpp). Temporary storage comes from the space's scratch, so the timed loops
// of an algorithm never allocate.
#pragma once

#include <thrust/iterator/counting_iterator.h>

#include <cstddef>
#include <cuda/functional>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include "plexus/backends/cuda/runtime.hpp"
#include "plexus/backends/cuda/space.hpp"
#include "plexus/backends/simt/vendor.hpp"

namespace plexus::backends {

template <>
struct gpu_library<exec::cuda> {
  using runtime = gpu_runtime<exec::cuda>;

  template <class T>
  using counting_iterator = thrust::counting_iterator<T>;

  /// Queues result = init op f(0) op ... op f(n-1) (cub::DeviceReduce::TransformReduce), the
  /// temporary storage `scratch_offset` bytes into the space's scratch. A null result means the
  /// start of the scratch.
  template <class T, class F, class Op>
  static void transform_reduce(const exec::cuda& space, std::size_t n, T init, F f, Op op, T* result,
                               std::size_t scratch_offset) {
    const counting_iterator<std::size_t> first(0);
    // Operator lambdas are device-only on CUDA (backends/target.hpp): CUB learns the
    // transform's result type from here rather than by asking the lambda on the host.
    const auto transform = ::cuda::proclaim_return_type<T>(f);
    std::size_t temp_bytes = 0;
    runtime::check(cub::DeviceReduce::TransformReduce(nullptr, temp_bytes, first, static_cast<T*>(nullptr), n, op, transform,
                                                      init, space.stream()),
                   "cub::DeviceReduce::TransformReduce");
    char* scratch = static_cast<char*>(space.scratch(scratch_offset + temp_bytes));
    if (result == nullptr) result = reinterpret_cast<T*>(scratch);
    runtime::check(cub::DeviceReduce::TransformReduce(scratch + scratch_offset, temp_bytes, first, result, n, op, transform,
                                                      init, space.stream()),
                   "cub::DeviceReduce::TransformReduce");
  }

  /// out[i] = in[0] + ... + in[i-1] (cub::DeviceScan::ExclusiveSum: decoupled look-back,
  /// Merrill and Garland 2016).
  template <class T>
  static void exclusive_sum(const exec::cuda& space, const T* in, T* out, std::size_t n) {
    std::size_t temp_bytes = 0;
    runtime::check(cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, in, out, n, space.stream()),
                   "cub::DeviceScan::ExclusiveSum");
    runtime::check(cub::DeviceScan::ExclusiveSum(space.scratch(temp_bytes), temp_bytes, in, out, n, space.stream()),
                   "cub::DeviceScan::ExclusiveSum");
  }

  /// Queues the selection of the inputs pred accepts into out (cub::DeviceSelect::If), the count
  /// written to the start of the scratch and the temporary storage `scratch_offset` bytes in.
  template <class Input, class T, class Pred>
  static unsigned long long* select(const exec::cuda& space, Input in, std::size_t n, T* out, Pred pred,
                                    std::size_t scratch_offset) {
    using count_t = unsigned long long;
    std::size_t temp_bytes = 0;
    const auto keep = ::cuda::proclaim_return_type<bool>(pred);
    runtime::check(cub::DeviceSelect::If(nullptr, temp_bytes, in, out, static_cast<count_t*>(nullptr), n, keep,
                                         space.stream()),
                   "cub::DeviceSelect::If");
    char* scratch = static_cast<char*>(space.scratch(scratch_offset + temp_bytes));
    count_t* count = reinterpret_cast<count_t*>(scratch);
    runtime::check(cub::DeviceSelect::If(scratch + scratch_offset, temp_bytes, in, out, count, n, keep, space.stream()),
                   "cub::DeviceSelect::If");
    return count;
  }
};

}  // namespace plexus::backends
