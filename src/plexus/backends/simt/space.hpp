// simt_space<Space>: what the execution spaces of the SIMT back ends share (exec::cuda,
// exec::hip derive from it). Work is queued in order on one stream: the runtime's default
// stream, or the stream of an exec::queue the space was made on (queue.space()); the space owns a growable scratch allocation that the vendor library's temporary
// storage and small results reuse, so iterations of an algorithm do not allocate.
#pragma once

#include <algorithm>
#include <cstddef>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/memory_account.hpp"
#include "plexus/backends/simt/vendor.hpp"

namespace plexus::backends {

template <class Space>
class simt_space {
 public:
  using runtime = gpu_runtime<Space>;
  static constexpr backend_family family = backend_family::simt;
  /// Threads per block of the grid-stride kernels.
  static constexpr int block_size = 256;
  /// Words of a spread counter (exec::atomic_add_spread): one, as a subgroup's adds are
  /// combined into one atomic already.
  static constexpr std::size_t spread_words = 1;

  simt_space() = default;
  /// A space whose work goes to `stream` (see exec::queue).
  explicit simt_space(typename runtime::stream_type stream) : stream_(stream) {}
  simt_space(const simt_space&) = delete;
  simt_space& operator=(const simt_space&) = delete;
  ~simt_space() { release_scratch(); }

  typename runtime::stream_type stream() const { return stream_; }
  void synchronize() const { runtime::synchronize(stream()); }

  /// The smallest scratch allocated: enough for the library's scans and reductions over a few
  /// hundred million items, so that for most graphs the first allocation is the only one.
  /// Growing costs a synchronisation, a free and an allocation; in an SSSP traversal, where
  /// each round's scans and reductions needed a little more than the last, that happened
  /// inside the timed loop several times per run
  /// (docs/performance/sssp.md, "Scratch allocated before the clock").
  static constexpr std::size_t kMinimumScratch = std::size_t(4) << 20;

  /// Device scratch of at least `bytes`, valid until the next call; contents undefined.
  void* scratch(std::size_t bytes) const {
    if (bytes > scratch_bytes_ || scratch_ == nullptr) {
      synchronize();  // earlier work may still use the old block
      release_scratch();
      const std::size_t grown = std::max(bytes + bytes / 2, kMinimumScratch);
      memory_account<Space>::charge(grown, "scratch of the vendor library");
      try {
        scratch_ = runtime::allocate(grown);
      } catch (...) {
        memory_account<Space>::release(grown);
        throw;
      }
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
  void release_scratch() const noexcept {
    runtime::release(scratch_);
    memory_account<Space>::release(scratch_bytes_);
    scratch_ = nullptr;
    scratch_bytes_ = 0;
  }

  typename runtime::stream_type stream_ = runtime::default_stream();
  mutable void* scratch_ = nullptr;
  mutable std::size_t scratch_bytes_ = 0;
};

}  // namespace plexus::backends
