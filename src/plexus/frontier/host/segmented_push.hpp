// Host segmented_reduce_push (frontier/segmented_push.hpp): the segments in dynamic chunks, as
// exec::segmented_reduce_if runs them, each thread appending its ids through a queue_writer.
#pragma once

#include <cstddef>

#include "plexus/backends/host/segmented_reduce.hpp"
#include "plexus/frontier/host/queue_writer.hpp"

namespace plexus {

template <class T, class Keep, class Value, class Op, class Finish, class View>
void segmented_reduce_push(const exec::host&, const exec::segment_plan<exec::host>& plan, Keep keep,
                           Value value, T init, Op op, Finish finish, View list) {
  const std::size_t n = plan.size();
  const edge_t* offsets = plan.offsets();
#pragma omp parallel
  {
    operators::detail::queue_writer<View> writer(list);
#pragma omp for schedule(dynamic, 256) nowait
    for (std::size_t s = 0; s < n; ++s)
      if (keep(s) && finish(s, exec::host_detail::reduce_one_segment(offsets, s, value, init, op)))
        writer.push(static_cast<vertex_t>(s));
  }
}

}  // namespace plexus
