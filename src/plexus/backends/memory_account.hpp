// memory_account<Space>: the memory a back end's buffers and scratch hold, against an
// optional cap.
//
// Every exec::buffer and every space scratch of a back end charges its bytes here when it
// allocates and gives them back when it frees, so the account knows what a run holds at any
// moment and at its peak. With a cap set (exec::memory_cap), an allocation that would take the
// total past it fails with plexus::error(out_of_memory) before the back end is asked: a run
// under `--device-memory-limit 12G` behaves as on a GPU with 12 GB, whatever the real one
// has. The account counts what Plexus allocates; it cannot see a vendor library's own
// allocations, which is why the library's temporary storage comes from the space's scratch.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <string_view>

#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"

namespace plexus::backends {

template <class Space>
class memory_account {
 public:
  /// Records `bytes` more in use; throws plexus::error(out_of_memory) naming `what`, the request
  /// and the cap when a cap is set and the total would exceed it (nothing is recorded then).
  static void charge(std::size_t bytes, std::string_view what) {
    std::size_t used = used_.load(std::memory_order_relaxed);
    for (;;) {
      const std::size_t cap = cap_.load(std::memory_order_relaxed);
      if (cap != 0 && used + bytes > cap)
        throw error(error_kind::out_of_memory,
                    std::string(what) + ": cannot allocate " + human_bytes(bytes) + ": " + human_bytes(used) +
                        " of the " + human_bytes(cap) + " device memory limit are in use");
      if (used_.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed)) break;
    }
    std::size_t peak = peak_.load(std::memory_order_relaxed);
    while (used + bytes > peak && !peak_.compare_exchange_weak(peak, used + bytes, std::memory_order_relaxed)) {
    }
  }
  /// Records `bytes` freed.
  static void release(std::size_t bytes) noexcept { used_.fetch_sub(bytes, std::memory_order_relaxed); }

  static std::size_t in_use() noexcept { return used_.load(std::memory_order_relaxed); }
  /// The largest in_use() since the last reset_peak().
  static std::size_t peak() noexcept { return peak_.load(std::memory_order_relaxed); }
  static void reset_peak() noexcept { peak_.store(in_use(), std::memory_order_relaxed); }
  /// The cap in bytes; 0 when none is set.
  static std::size_t cap() noexcept { return cap_.load(std::memory_order_relaxed); }
  /// Sets the cap (0: none); returns the previous one. exec::memory_cap is the way to use it.
  static std::size_t exchange_cap(std::size_t bytes) noexcept {
    return cap_.exchange(bytes, std::memory_order_relaxed);
  }

 private:
  inline static std::atomic<std::size_t> used_{0}, peak_{0}, cap_{0};
};

}  // namespace plexus::backends
