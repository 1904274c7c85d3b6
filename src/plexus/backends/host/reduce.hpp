// reduce(host, n, init, f, op): init op f(0) op f(1) ... op f(n-1) for an associative,
// commutative op; each thread folds a contiguous range, partial results are combined in
// thread order so the result is deterministic for a fixed thread count. Below
// kHostSerialBelow items the calling thread folds the whole range in order.
//
// reduce_into(host, n, init, f, op, out): *out = reduce(host, n, init, f, op); the same
// contract as on devices, where out stays in device memory.
//
// sum_counted(host, count, capacity, f, out): *out += f(0) + ... + f(k-1), k = min(*count,
// capacity): the same contract as on devices, where count and out stay in device memory.
#pragma once

#include <omp.h>

#include <cstddef>
#include <optional>
#include <vector>

#include "plexus/backends/host/space.hpp"

namespace plexus::exec {

template <class T, class F, class Op>
T reduce(const host&, std::size_t n, T init, F f, Op op) {
  if (n < kHostSerialBelow) {
    T result = init;
    for (std::size_t i = 0; i < n; ++i) result = op(result, f(i));
    return result;
  }
  std::vector<std::optional<T>> partial(static_cast<std::size_t>(omp_get_max_threads()));
#pragma omp parallel
  {
    std::optional<T> local;
#pragma omp for schedule(static) nowait
    for (std::size_t i = 0; i < n; ++i) local = local ? op(*local, f(i)) : T(f(i));
    partial[static_cast<std::size_t>(omp_get_thread_num())] = local;
  }
  T result = init;
  for (const auto& p : partial)
    if (p) result = op(result, *p);
  return result;
}

template <class T, class F, class Op>
void reduce_into(const host& space, std::size_t n, T init, F f, Op op, T* out) {
  *out = reduce(space, n, init, f, op);
}

template <class F>
void sum_counted(const host&, const unsigned long long* count, std::size_t capacity, F f,
                 unsigned long long* out) {
  const std::size_t n = *count < capacity ? static_cast<std::size_t>(*count) : capacity;
  unsigned long long sum = 0;
  if (n < kHostSerialBelow) {
    for (std::size_t i = 0; i < n; ++i) sum += f(i);
  } else {
#pragma omp parallel for schedule(static) reduction(+ : sum)
    for (std::size_t i = 0; i < n; ++i) sum += f(i);
  }
  *out += sum;
}

}  // namespace plexus::exec
