// Stream compaction on the host: keep the elements (or indices) a predicate accepts, in
// their original order. Two passes (count per thread block, then write at scanned offsets),
// so `pred` must be pure: it is called twice per element.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include <omp.h>

#include "plexus/backends/host/space.hpp"

namespace plexus::exec {

/// Writes every i in [0, n) with pred(i) to out, ascending; returns how many.
template <class T, class Pred>
std::size_t compact_indices(const host&, std::size_t n, T* out, Pred pred) {
  const std::size_t threads = static_cast<std::size_t>(omp_get_max_threads());
  std::vector<std::size_t> count(threads + 1, 0);
  const std::size_t block = (n + threads - 1) / threads;
#pragma omp parallel num_threads(static_cast<int>(threads))
  {
    const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
    const std::size_t lo = std::min(n, t * block), hi = std::min(n, lo + block);
    std::size_t c = 0;
    for (std::size_t i = lo; i < hi; ++i) c += pred(i) ? 1 : 0;
    count[t + 1] = c;
#pragma omp barrier
#pragma omp single
    for (std::size_t b = 1; b <= threads; ++b) count[b] += count[b - 1];
    std::size_t pos = count[t];
    for (std::size_t i = lo; i < hi; ++i)
      if (pred(i)) out[pos++] = static_cast<T>(i);
  }
  return count[threads];
}

/// Writes every in[i] with pred(in[i]) to out, in order; returns how many. `out` must not
/// overlap `in`.
template <class T, class Pred>
std::size_t compact(const host& space, const T* in, std::size_t n, T* out, Pred pred) {
  const std::size_t threads = static_cast<std::size_t>(omp_get_max_threads());
  std::vector<std::size_t> count(threads + 1, 0);
  const std::size_t block = (n + threads - 1) / threads;
  (void)space;
#pragma omp parallel num_threads(static_cast<int>(threads))
  {
    const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
    const std::size_t lo = std::min(n, t * block), hi = std::min(n, lo + block);
    std::size_t c = 0;
    for (std::size_t i = lo; i < hi; ++i) c += pred(in[i]) ? 1 : 0;
    count[t + 1] = c;
#pragma omp barrier
#pragma omp single
    for (std::size_t b = 1; b <= threads; ++b) count[b] += count[b - 1];
    std::size_t pos = count[t];
    for (std::size_t i = lo; i < hi; ++i)
      if (pred(in[i])) out[pos++] = in[i];
  }
  return count[threads];
}

}  // namespace plexus::exec
