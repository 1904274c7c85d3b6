// exec::cuda: the CUDA execution space (backends/simt/space.hpp over the CUDA runtime).
#pragma once

#include <cstddef>

#include "plexus/backends/cuda/runtime.hpp"
#include "plexus/backends/simt/space.hpp"

namespace plexus::exec {

class cuda final : public backends::simt_space<cuda> {
 public:
  using simt_space::simt_space;
  static constexpr backend kind = backend::cuda;
  /// Hot entries of exec::gather_hot_first: the combined L1 and shared memory of an SM of an
  /// H100, what a kernel gets as L1 with cache_split::prefer_l1
  /// (docs/performance/pagerank.md, "L1 preference for the gather").
  static constexpr std::size_t hot_bytes = 256 * 1024;
  /// Shared memory one block may take (opted into per kernel): what the A100, the smallest of
  /// the default architectures (80, 90), allows.
  static constexpr std::size_t shared_bytes_per_block = 163 * 1024;
};

}  // namespace plexus::exec
