// Host pull advance: each not-yet-done vertex scans its in-neighbours and stops at the first
// one in the frontier that f accepts (the early exit that makes the bottom-up step cheap,
// Beamer et al., SC 2012). A vertex is handled by one thread, so f may write its state
// without atomics; setting its bit in `next` is atomic since words are shared.
#pragma once

#include <cstddef>

#include "plexus/backends/host/space.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus::operators::detail {

template <class Bits, class Active, class F>
std::size_t pull(const exec::host&, csr_view in, Bits frontier, Bits next, Active active, F f) {
  std::size_t added = 0;
  const vertex_t n = in.num_vertices;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : added)
  for (vertex_t v = 0; v < n; ++v) {
    if (!active(v)) continue;
    for (edge_t e = in.begin(v); e < in.end(v); ++e) {
      const vertex_t u = in.indices[e];
      if (frontier.test(u) && f(u, v, e, in.weight(e))) {
        next.set(v);
        ++added;
        break;
      }
    }
  }
  return added;
}

}  // namespace plexus::operators::detail
