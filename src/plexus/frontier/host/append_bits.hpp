// Host bitmap -> sparse frontier: each thread takes a contiguous block of words, counts their
// bits, claims one run of the frontier with a single atomic and writes its ids ascending.
#pragma once

#include <algorithm>
#include <cstddef>

#include <omp.h>

#include "plexus/exec/bit.hpp"
#include "plexus/backends/host/space.hpp"

namespace plexus::detail {

template <class View>
void append_bits(const exec::host&, const unsigned long long* words, std::size_t num_words, View out) {
#pragma omp parallel
  {
    const std::size_t threads = static_cast<std::size_t>(omp_get_num_threads());
    const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
    const std::size_t block = (num_words + threads - 1) / threads;
    const std::size_t lo = std::min(num_words, t * block), hi = std::min(num_words, lo + block);
    unsigned long long count = 0;
    for (std::size_t w = lo; w < hi; ++w) count += static_cast<unsigned long long>(exec::popcount(words[w]));
    if (count != 0) {
      unsigned long long at = out.reserve(count);
      for (std::size_t w = lo; w < hi; ++w)
        for (unsigned long long bits = words[w]; bits != 0; bits &= bits - 1, ++at)
          if (at < out.capacity) out.items[at] = static_cast<vertex_t>(w * 64 + static_cast<std::size_t>(exec::lowest_bit(bits)));
    }
  }
}

}  // namespace plexus::detail
