// stopwatch<host>: wall-clock time of host work (work is complete when each call returns).
#pragma once

#include "plexus/core/timer.hpp"
#include "plexus/backends/host/space.hpp"

namespace plexus::exec {

template <>
class stopwatch<host> {
 public:
  explicit stopwatch(const host&) {}
  void start() { timer_.restart(); }
  /// Seconds since start().
  double stop() { return timer_.seconds(); }

 private:
  timer timer_;
};

}  // namespace plexus::exec
