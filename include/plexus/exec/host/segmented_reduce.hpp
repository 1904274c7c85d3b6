// segmented_reduce(host, n, offsets, value, init, op, out): see exec/segmented.hpp. One
// segment per loop iteration; dynamic scheduling in chunks because segment lengths of
// real graphs are skewed (a few hubs hold a large share of the arcs).
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/core/types.hpp"
#include "plexus/exec/host/space.hpp"

namespace plexus::exec {

template <class T, class Value, class Op, class Out>
void segmented_reduce(const host&, std::size_t n, const edge_t* offsets, Value value, T init, Op op, Out out) {
#pragma omp parallel for schedule(dynamic, 256)
  for (std::size_t s = 0; s < n; ++s) {
    T sum = init;
    for (edge_t e = offsets[s], end = offsets[s + 1]; e < end; ++e) sum = op(sum, value(e));
    out(s, sum);
  }
}

}  // namespace plexus::exec
