// exec::host: the OpenMP execution space. Stateless; work runs on the calling thread's
// OpenMP team and is complete when each call returns.
#pragma once

#include <cstddef>

#include "plexus/exec/backend.hpp"
#include "plexus/exec/space.hpp"

namespace plexus::exec {

class host {
 public:
  static constexpr backend kind = backend::host;
  void synchronize() const {}
};

/// Work items below which a host primitive runs on the calling thread alone: starting and
/// joining an OpenMP team costs microseconds, more than a few thousand light items take, and
/// traversals of high-diameter graphs (road networks) run thousands of rounds of a few dozen
/// vertices each. Kept as the `if` clause of each parallel region, so the calling thread runs
/// the same code either way.
inline constexpr std::size_t kHostSerialBelow = 4096;

}  // namespace plexus::exec
