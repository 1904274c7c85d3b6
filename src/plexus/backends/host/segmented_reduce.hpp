// segmented_reduce(host, ...): see exec/segmented.hpp. One segment per loop iteration;
// dynamic scheduling in chunks because segment lengths of real graphs are skewed (a few hubs
// hold a large share of the arcs). The host segment_plan only records the offsets: dynamic
// scheduling already keeps both cores busy, and a hub list is a sequential scan anyway.
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/backends/cache_split.hpp"
#include "plexus/backends/host/space.hpp"
#include "plexus/backends/interface.hpp"
#include "plexus/core/types.hpp"

namespace plexus::exec {

template <>
class segment_plan<host> {
 public:
  segment_plan(const host&, std::size_t n, const edge_t* offsets) : n_(n), offsets_(offsets) {}
  std::size_t size() const { return n_; }
  const edge_t* offsets() const { return offsets_; }

 private:
  std::size_t n_ = 0;
  const edge_t* offsets_ = nullptr;
};

namespace host_detail {

// The predicate of the unfiltered forms: every segment is reduced.
struct keep_every_segment {
  bool operator()(std::size_t) const { return true; }
};

// Segment s's values folded in order: the step of every host segmented loop (here and the
// segmented push, frontier/host/segmented_push.hpp).
template <class T, class Value, class Op>
T reduce_one_segment(const edge_t* offsets, std::size_t s, Value& value, T init, Op& op) {
  T sum = init;
  for (edge_t e = offsets[s], end = offsets[s + 1]; e < end; ++e) sum = op(sum, value(e));
  return sum;
}

template <class T, class Keep, class Value, class Op, class Out>
void reduce_segments(std::size_t n, const edge_t* offsets, Keep& keep, Value& value, T init, Op& op,
                     Out& out) {
#pragma omp parallel for schedule(dynamic, 256)
  for (std::size_t s = 0; s < n; ++s)
    if (keep(s)) out(s, reduce_one_segment(offsets, s, value, init, op));
}

}  // namespace host_detail

template <class T, class Value, class Op, class Out>
void segmented_reduce(const host&, std::size_t n, const edge_t* offsets, Value value, T init, Op op,
                      Out out) {
  host_detail::keep_every_segment keep;
  host_detail::reduce_segments(n, offsets, keep, value, init, op, out);
}

template <class T, class Value, class Op, class Out>
void segmented_reduce_skewed(const host& space, std::size_t n, const edge_t* offsets, Value value, T init, Op op,
                             Out out) {
  segmented_reduce(space, n, offsets, value, init, op, out);
}

template <class T, class Keep, class Value, class Op, class Out>
void segmented_reduce_if(const host&, const segment_plan<host>& plan, Keep keep, Value value, T init, Op op,
                         Out out, cache_split = cache_split::automatic) {
  host_detail::reduce_segments(plan.size(), plan.offsets(), keep, value, init, op, out);
}

template <class T, class Value, class Op, class Out>
void segmented_reduce(const host& space, const segment_plan<host>& plan, Value value, T init, Op op, Out out,
                      cache_split = cache_split::automatic) {
  segmented_reduce_if(space, plan, host_detail::keep_every_segment{}, value, init, op, out);
}

}  // namespace plexus::exec
