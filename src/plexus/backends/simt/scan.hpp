// exclusive_scan(space, in, out, n) on a SIMT back end: out[i] = in[0] + ... + in[i-1], with
// the vendor library's device-wide exclusive sum. Asynchronous.
#pragma once

#include <cstddef>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/vendor.hpp"

namespace plexus::exec {

template <simt_space Space, class T>
void exclusive_scan(const Space& space, const T* in, T* out, std::size_t n) {
  if (n == 0) return;
  backends::gpu_library<Space>::exclusive_sum(space, in, out, n);
}

}  // namespace plexus::exec
