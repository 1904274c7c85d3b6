// for_each(host, n, f): calls f(i) for every i in [0, n) on the OpenMP team, in any order.
#pragma once

#include <cstddef>

#include "plexus/backends/host/space.hpp"

namespace plexus::exec {

template <class F>
void for_each(const host&, std::size_t n, F f) {
  if (n < kHostSerialBelow) {
    for (std::size_t i = 0; i < n; ++i) f(i);
    return;
  }
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) f(i);
}

}  // namespace plexus::exec
