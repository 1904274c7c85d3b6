// SIMT segmented_reduce_push (frontier/segmented_push.hpp): the back end's segmented_reduce_if,
// whose out step pushes the segments finish accepts with the frontier's aggregated atomic.
#pragma once

#include <cstddef>

#include "plexus/backends/cache_split.hpp"
#include "plexus/backends/simt/segmented_reduce.hpp"

namespace plexus {

namespace detail {

template <class Finish, class View>
struct push_when_finished {
  Finish finish;
  View list;
  template <class T>
  __device__ void operator()(std::size_t s, T value) const {
    if (finish(s, value)) list.push(static_cast<vertex_t>(s));
  }
};

}  // namespace detail

template <class Space, class T, class Keep, class Value, class Op, class Finish, class View>
void segmented_reduce_push(const Space& space, const exec::segment_plan<Space>& plan, Keep keep, Value value,
                           T init, Op op, Finish finish, View list) {
  exec::segmented_reduce_if(space, plan, keep, value, init, op,
                            detail::push_when_finished<Finish, View>{finish, list});
}

}  // namespace plexus
