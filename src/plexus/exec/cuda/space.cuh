// exec::cuda: the CUDA execution space. Work is queued on one stream (the legacy default
// stream) in order; the space owns a growable scratch allocation that CUB's temporary
// storage and small results reuse, so iterations of an algorithm do not call cudaMalloc.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <utility>

#include "plexus/exec/backend.hpp"
#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/space.hpp"

namespace plexus::exec {

class cuda {
 public:
  static constexpr backend kind = backend::cuda;
  static constexpr int block_size = 256;

  cuda() = default;
  cuda(const cuda&) = delete;
  cuda& operator=(const cuda&) = delete;
  ~cuda() { cuda_detail::release(scratch_); }

  cudaStream_t stream() const { return nullptr; }
  void synchronize() const { PLEXUS_CUDA_CHECK(cudaStreamSynchronize(stream())); }

  /// The smallest scratch allocated: enough for CUB's scans and reductions over a few hundred
  /// million items, so that for most graphs the first allocation is the only one. Growing
  /// costs a synchronisation, a cudaFree and a cudaMalloc (tens of microseconds each time); in
  /// an SSSP traversal, where each round's scans and reductions needed a little more than the
  /// last, that happened inside the timed loop several times per run.
  static constexpr std::size_t kMinimumScratch = std::size_t(4) << 20;

  /// Device scratch of at least `bytes`, valid until the next call; contents undefined.
  void* scratch(std::size_t bytes) const {
    if (bytes > scratch_bytes_ || scratch_ == nullptr) {
      synchronize();  // earlier work may still use the old block
      cuda_detail::release(scratch_);
      scratch_ = nullptr;
      scratch_bytes_ = 0;
      const std::size_t grown = std::max(bytes + bytes / 2, kMinimumScratch);
      scratch_ = cuda_detail::allocate(grown);
      scratch_bytes_ = grown;
    }
    return scratch_;
  }

  /// Grid size for a grid-stride loop over n items.
  static unsigned int grid_for(std::size_t n, int items_per_block = block_size) {
    const std::size_t blocks = (n + items_per_block - 1) / items_per_block;
    return static_cast<unsigned int>(blocks < 1 ? 1 : (blocks > 65535u * 32u ? 65535u * 32u : blocks));
  }

 private:
  mutable void* scratch_ = nullptr;
  mutable std::size_t scratch_bytes_ = 0;
};

}  // namespace plexus::exec
