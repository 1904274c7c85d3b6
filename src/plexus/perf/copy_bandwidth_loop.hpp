// The copy that measures a device's memory bandwidth, written once over an execution space
// and instantiated per back end (copy_bandwidth_instances.hpp). See copy_bandwidth.hpp.
#pragma once

#include <cstdint>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::detail {

/// to[i] = from[i] for every i in [0, count): the kernel being timed.
template <class Space>
void copy_words(const Space& space, const std::uint64_t* from, std::uint64_t* to, std::size_t count) {
  exec::for_each(
      space, count, PLEXUS_LAMBDA(std::size_t i) { to[i] = from[i]; });
}

/// Seconds of each of `repetitions` timed copies of `count` 8-byte words, after one untimed.
template <class Space>
std::vector<double> copy_bandwidth_run(std::size_t count, int repetitions) {
  const Space space;
  exec::buffer<Space, std::uint64_t> from_buffer(count), to_buffer(count);
  std::uint64_t* from = from_buffer.data();
  std::uint64_t* to = to_buffer.data();
  // Both arrays are first written by the same loop as the copy, so on the host each thread's
  // pages start in its own memory node (first touch) and the timed copies find them mapped.
  exec::for_each(space, count, PLEXUS_LAMBDA(std::size_t i) {
    from[i] = i;
    to[i] = 0;
  });
  // Untimed: a GPU loads the kernel on its first launch, the host starts its OpenMP team.
  copy_words(space, from, to, count);
  space.synchronize();
  exec::stopwatch<Space> clock(space);
  std::vector<double> seconds;
  for (int r = 0; r < repetitions; ++r) {
    clock.start();
    copy_words(space, from, to, count);
    seconds.push_back(clock.stop());
  }
  // Reading the copy back checks that it happened, and leaves the compiler no dead store to drop.
  if (to_buffer.get(count - 1) != count - 1)
    throw error(error_kind::internal, "copy bandwidth: the copy left the destination unwritten");
  return seconds;
}

}  // namespace plexus::detail
