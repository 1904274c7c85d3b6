// Wall-clock timer for load, build and kernel timings reported by the CLI and benchmarks.
#pragma once

#include <chrono>

namespace plexus {

class timer {
 public:
  timer() : start_(clock::now()) {}
  void restart() { start_ = clock::now(); }
  double seconds() const { return std::chrono::duration<double>(clock::now() - start_).count(); }
  double milliseconds() const { return seconds() * 1e3; }

 private:
  using clock = std::chrono::steady_clock;
  clock::time_point start_;
};

}  // namespace plexus
