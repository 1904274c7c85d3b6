// Small device-to-host reads (a frontier's size, a counter) through page-locked memory.
//
// A traversal step ends with one such read, and the GPU idles until the host has it and
// launches the next step; a copy into pageable memory goes through the driver's staging
// buffer, a copy into page-locked memory lands directly, which shortens every step.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstring>

#include "plexus/exec/cuda/check.cuh"

namespace plexus::exec::cuda_detail {

inline constexpr std::size_t small_copy_bytes = 256;

// One page-locked block per host thread, allocated on first use, freed at thread exit.
class pinned_block {
 public:
  pinned_block() { PLEXUS_CUDA_CHECK(cudaMallocHost(&data_, small_copy_bytes)); }
  pinned_block(const pinned_block&) = delete;
  pinned_block& operator=(const pinned_block&) = delete;
  ~pinned_block() {
    if (data_) cudaFreeHost(data_);  // the runtime may already be shutting down: nothing to report
  }
  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
};

/// Copies `bytes` from device memory `from` to host memory `to` after all work queued on the
/// default stream; synchronous.
inline void read_back(void* to, const void* from, std::size_t bytes) {
  if (bytes == 0) return;
  if (bytes > small_copy_bytes) {
    PLEXUS_CUDA_CHECK(cudaMemcpy(to, from, bytes, cudaMemcpyDeviceToHost));
    return;
  }
  thread_local const pinned_block staging;
  PLEXUS_CUDA_CHECK(cudaMemcpyAsync(staging.data(), from, bytes, cudaMemcpyDeviceToHost, nullptr));
  PLEXUS_CUDA_CHECK(cudaStreamSynchronize(nullptr));
  std::memcpy(to, staging.data(), bytes);
}

}  // namespace plexus::exec::cuda_detail
