// exclusive_scan(host, in, out, n): out[i] = in[0] + ... + in[i-1], out[0] = 0. Two passes
// over per-thread blocks (sum each block, scan the block sums, rescan each block); `in` and
// `out` may be the same array.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include <omp.h>

#include "plexus/backends/host/space.hpp"

namespace plexus::exec {

template <class T>
void exclusive_scan(const host&, const T* in, T* out, std::size_t n) {
  if (n < kHostSerialBelow) {
    T running = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const T value = in[i];
      out[i] = running;
      running += value;
    }
    return;
  }
  const std::size_t threads = static_cast<std::size_t>(omp_get_max_threads());
  std::vector<T> block_sum(threads + 1, T(0));
  const std::size_t block = (n + threads - 1) / threads;
#pragma omp parallel num_threads(static_cast<int>(threads))
  {
    const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
    const std::size_t lo = std::min(n, t * block), hi = std::min(n, lo + block);
    T sum = 0;
    for (std::size_t i = lo; i < hi; ++i) sum += in[i];
    block_sum[t + 1] = sum;
#pragma omp barrier
#pragma omp single
    for (std::size_t b = 1; b <= threads; ++b) block_sum[b] += block_sum[b - 1];
    T running = block_sum[t];
    for (std::size_t i = lo; i < hi; ++i) {
      const T value = in[i];
      out[i] = running;
      running += value;
    }
  }
}

}  // namespace plexus::exec
