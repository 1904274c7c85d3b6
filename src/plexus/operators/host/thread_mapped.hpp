// Host push advance, thread_mapped: one frontier vertex per loop iteration, static blocks of 64 vertices: the cheapest schedule when degrees are even.
#pragma once

#include <cstddef>

#include "plexus/backends/host/space.hpp"
#include "plexus/frontier/host/queue_writer.hpp"

namespace plexus::operators::detail {

template <class View, class F>
void push_thread_mapped(const exec::host&, csr_view g, const vertex_t* frontier, std::size_t size, const edge_t*, edge_t,
                View out, F f) {
#pragma omp parallel
  {
    queue_writer<View> writer(out);
#pragma omp for schedule(static, 64) nowait
    for (std::size_t i = 0; i < size; ++i) {
      const vertex_t v = frontier[i];
      visit_edges(g, v, g.begin(v), g.end(v), writer, f);
    }
  }
}

}  // namespace plexus::operators::detail
