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
/// vertices each. Below it a primitive runs a plain loop, not an inactive parallel region:
/// libgomp still sets up a team of one for those (SSSP on the road network luxembourg_osm, 2
/// cores: 0.053 s with a team per region, 0.016 s with inactive regions, 0.008 s with loops).
inline constexpr std::size_t kHostSerialBelow = 4096;

}  // namespace plexus::exec
