// gpu_library<exec::hip>: rocPRIM's device-wide reduce, scan and select behind backends/simt/
// (see simt/vendor.hpp); Debian has no hipCUB, and rocPRIM is what hipCUB calls on AMD GPUs.
// Temporary storage comes from the space's scratch, so the timed loops of an algorithm never
// allocate.
#pragma once

#include <cstddef>
#include <rocprim/rocprim.hpp>

#include "plexus/backends/hip/runtime.hpp"
#include "plexus/backends/hip/space.hpp"
#include "plexus/backends/simt/vendor.hpp"

namespace plexus::backends {

template <>
struct gpu_library<exec::hip> {
  using runtime = gpu_runtime<exec::hip>;

  template <class T>
  using counting_iterator = rocprim::counting_iterator<T>;

  /// Queues result = init op f(0) op ... op f(n-1) (rocprim::reduce over a transformed counting
  /// range), the temporary storage `scratch_offset` bytes into the space's scratch. A null
  /// result means the start of the scratch.
  template <class T, class F, class Op>
  static void transform_reduce(const exec::hip& space, std::size_t n, T init, F f, Op op, T* result,
                               std::size_t scratch_offset) {
    const auto first = rocprim::make_transform_iterator(counting_iterator<std::size_t>(0), f);
    std::size_t temp_bytes = 0;
    runtime::check(rocprim::reduce(nullptr, temp_bytes, first, static_cast<T*>(nullptr), init, n, op, space.stream()),
                   "rocprim::reduce");
    char* scratch = static_cast<char*>(space.scratch(scratch_offset + temp_bytes));
    if (result == nullptr) result = reinterpret_cast<T*>(scratch);
    runtime::check(rocprim::reduce(scratch + scratch_offset, temp_bytes, first, result, init, n, op, space.stream()),
                   "rocprim::reduce");
  }

  /// out[i] = in[0] + ... + in[i-1] (rocprim::exclusive_scan, decoupled look-back).
  template <class T>
  static void exclusive_sum(const exec::hip& space, const T* in, T* out, std::size_t n) {
    std::size_t temp_bytes = 0;
    runtime::check(rocprim::exclusive_scan(nullptr, temp_bytes, in, out, T(0), n, rocprim::plus<T>(), space.stream()),
                   "rocprim::exclusive_scan");
    runtime::check(rocprim::exclusive_scan(space.scratch(temp_bytes), temp_bytes, in, out, T(0), n,
                                           rocprim::plus<T>(), space.stream()),
                   "rocprim::exclusive_scan");
  }

  /// Queues the selection of the inputs pred accepts into out (rocprim::select), the count
  /// written to the start of the scratch and the temporary storage `scratch_offset` bytes in.
  template <class Input, class T, class Pred>
  static unsigned long long* select(const exec::hip& space, Input in, std::size_t n, T* out, Pred pred,
                                    std::size_t scratch_offset) {
    using count_t = unsigned long long;
    std::size_t temp_bytes = 0;
    runtime::check(rocprim::select(nullptr, temp_bytes, in, out, static_cast<count_t*>(nullptr), n, pred,
                                   space.stream()),
                   "rocprim::select");
    char* scratch = static_cast<char*>(space.scratch(scratch_offset + temp_bytes));
    count_t* count = reinterpret_cast<count_t*>(scratch);
    runtime::check(rocprim::select(scratch + scratch_offset, temp_bytes, in, out, count, n, pred, space.stream()),
                   "rocprim::select");
    return count;
  }
};

}  // namespace plexus::backends
