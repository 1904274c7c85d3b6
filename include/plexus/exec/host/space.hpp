// exec::host: the OpenMP execution space. Stateless; work runs on the calling thread's
// OpenMP team and is complete when each call returns.
#pragma once

#include "plexus/exec/backend.hpp"
#include "plexus/exec/space.hpp"

namespace plexus::exec {

class host {
 public:
  static constexpr backend kind = backend::host;
  void synchronize() const {}
};

}  // namespace plexus::exec
