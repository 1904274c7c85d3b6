// exec::host: the OpenMP execution space. Stateless; work runs on the calling thread's
// OpenMP team and is complete when each call returns.
#pragma once

#include <cstddef>

#include "plexus/backends/interface.hpp"

namespace plexus::exec {

/// Threads a host spread counter keeps apart, and the distance between their words (64 bytes).
inline constexpr std::size_t kSpreadSlots = 64, kSpreadStride = 8;

class host {
 public:
  static constexpr backend kind = backend::host;
  static constexpr backend_family family = backend_family::cpu;
  /// Hot entries of exec::gather_hot_first: none, the host reads every entry plainly.
  static constexpr std::size_t hot_bytes = 0;
  /// Words of a spread counter (exec::atomic_add_spread): a cache line for each of the first
  /// kSpreadSlots threads.
  static constexpr std::size_t spread_words = kSpreadSlots * kSpreadStride;
  void synchronize() const {}
};

/// Work items below which a host primitive runs on the calling thread alone: starting and
/// joining an OpenMP team costs microseconds, more than a few thousand light items take, and
/// traversals of high-diameter graphs (road networks) run thousands of rounds of a few dozen
/// vertices each. Below it a primitive runs a plain loop, not an inactive parallel region:
/// libgomp still sets up a team of one for those
/// (docs/performance/host.md, "Plain loops below 4096 items").
inline constexpr std::size_t kHostSerialBelow = 4096;

}  // namespace plexus::exec
