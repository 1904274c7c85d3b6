// Small device-to-host reads (a frontier's size, a counter) through page-locked memory.
//
// A traversal step ends with one such read, and the GPU idles until the host has it and
// launches the next step; a copy into pageable memory goes through the driver's staging
// buffer, a copy into page-locked memory lands directly, which shortens every step.
#pragma once

#include <cstddef>
#include <cstring>

#include "plexus/backends/simt/vendor.hpp"

namespace plexus::backends {

inline constexpr std::size_t small_copy_bytes = 256;

/// One page-locked block per host thread and back end, allocated on first use, freed at
/// thread exit.
template <class Space>
class pinned_block {
 public:
  pinned_block() : data_(gpu_runtime<Space>::allocate_pinned(small_copy_bytes)) {}
  pinned_block(const pinned_block&) = delete;
  pinned_block& operator=(const pinned_block&) = delete;
  ~pinned_block() { gpu_runtime<Space>::release_pinned(data_); }
  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
};

/// Copies `bytes` from device memory `from` to host memory `to` after all work queued on
/// `stream` (the runtime's default stream unless given); synchronous.
template <class Space>
void read_back(void* to, const void* from, std::size_t bytes,
               typename gpu_runtime<Space>::stream_type stream = gpu_runtime<Space>::default_stream()) {
  using runtime = gpu_runtime<Space>;
  if (bytes == 0) return;
  thread_local const pinned_block<Space> staging;
  const bool small = bytes <= small_copy_bytes;
  runtime::copy_async(small ? staging.data() : to, from, bytes, stream);
  runtime::synchronize(stream);
  if (small) std::memcpy(to, staging.data(), bytes);
}

}  // namespace plexus::backends
