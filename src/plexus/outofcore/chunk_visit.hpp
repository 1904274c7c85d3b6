// Visiting one on-demand chunk on the device: every arc of the chunk, with the vertex whose
// list it came from. A chunk is a run of arcs with its segments (gather.hpp): segment k holds
// arcs [starts[k], starts[k + 1]) of owners[k]'s list, or, in a range chunk, the arcs of lists
// not asked for when owners[k] is invalid_vertex (a gap, skipped). Each arc finds its segment by binary
// search over the starts, so the work is spread by arcs however long the lists are (a hub's
// list split over chunks, or thousands of short lists in one chunk).
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/loads.hpp"
#include "plexus/exec/segmented.hpp"

namespace plexus::outofcore {

/// A chunk in the space's memory.
struct chunk_view {
  const vertex_t* arcs = nullptr;
  const weight_t* weights = nullptr;  // nullptr: weight 1
  const vertex_t* owners = nullptr;
  const edge_t* starts = nullptr;  // segments + 1 entries
  std::size_t segments = 0;
  std::size_t size = 0;  // arcs

  /// The segment holding arc `a`: the last k with starts[k] <= a (segments are non-empty).
  PLEXUS_HOST_DEVICE std::size_t segment_of(edge_t a) const {
    std::size_t low = 0, high = segments;  // starts[low] <= a < starts[high]
    while (high - low > 1) {
      const std::size_t mid = (low + high) / 2;
      if (starts[mid] <= a) low = mid;
      else high = mid;
    }
    return low;
  }
};

/// visit(u, v, w) for every arc u -> v of weight w in the chunk's segments but its gaps.
template <class Space, class Visit>
void visit_chunk(const Space& space, const chunk_view& chunk, Visit visit) {
  exec::for_each(space, chunk.size, PLEXUS_LAMBDA(std::size_t i) {
    const vertex_t u = chunk.owners[chunk.segment_of(static_cast<edge_t>(i))];
    if (u == invalid_vertex) return;
    const vertex_t v = exec::stream_load(chunk.arcs + i);
    const weight_t w = chunk.weights ? exec::stream_load(chunk.weights + i) : weight_t(1);
    visit(u, v, w);
  });
}

/// out(u, reduction of value(v, w) over the chunk's arcs u -> v) for every segment of the
/// chunk but its gaps, u being the segment's owner.
template <class Space, class Value, class T, class Op, class Out>
void reduce_chunk(const Space& space, const chunk_view& chunk, Value value, T init, Op op, Out out) {
  const vertex_t* arcs = chunk.arcs;
  const weight_t* weights = chunk.weights;
  const vertex_t* owners = chunk.owners;
  exec::segmented_reduce_skewed(
      space, chunk.segments, chunk.starts,
      PLEXUS_LAMBDA(edge_t e) {
        return value(exec::stream_load(arcs + e), weights ? exec::stream_load(weights + e) : weight_t(1));
      },
      init, op, PLEXUS_LAMBDA(std::size_t s, T partial) {
        if (owners[s] != invalid_vertex) out(owners[s], partial);
      });
}

}  // namespace plexus::outofcore
