// exec::hip: the HIP execution space (backends/simt/space.hpp over the HIP runtime), for AMD
// GPUs.
#pragma once

#include <cstddef>

#include "plexus/backends/hip/runtime.hpp"
#include "plexus/backends/simt/space.hpp"

namespace plexus::exec {

class hip final : public backends::simt_space<hip> {
 public:
  using simt_space::simt_space;
  static constexpr backend kind = backend::hip;
  /// Hot entries of exec::gather_hot_first: the vector L1 cache of a compute unit of an MI200
  /// or MI100 (16 KiB), which, unlike an NVIDIA L1, is not shared with shared memory.
  static constexpr std::size_t hot_bytes = 16 * 1024;
  /// Shared memory (LDS) one block may take on the MI200 and MI100.
  static constexpr std::size_t shared_bytes_per_block = 64 * 1024;
};

}  // namespace plexus::exec
