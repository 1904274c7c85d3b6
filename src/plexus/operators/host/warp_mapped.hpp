// Host push advance, warp_mapped: dynamic chunks of 8 vertices, the host counterpart of one warp per vertex: an idle thread takes the next few lists, so moderate skew evens out.
#pragma once

#include <cstddef>

#include "plexus/backends/host/space.hpp"
#include "plexus/frontier/host/queue_writer.hpp"

namespace plexus::operators::detail {

template <class View, class F>
void push_warp_mapped(const exec::host&, csr_view g, const vertex_t* frontier, std::size_t size, const edge_t*, edge_t,
                View out, F f) {
#pragma omp parallel
  {
    queue_writer<View> writer(out);
#pragma omp for schedule(dynamic, 8) nowait
    for (std::size_t i = 0; i < size; ++i) {
      const vertex_t v = frontier[i];
      visit_edges(g, v, g.begin(v), g.end(v), writer, f);
    }
  }
}

}  // namespace plexus::operators::detail
