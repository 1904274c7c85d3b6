// memory_cap<Space> on a SIMT back end: a limit on what the space's buffers and scratch hold
// (backends/memory_account.hpp), and a ballast that takes the rest of the device's free memory
// for as long as the cap lives. The account stops Plexus's own allocations at the cap; the
// ballast makes everything else see a device of that size too: the free memory the runtime
// reports, managed memory (the driver cannot evict a plain device allocation to make room for
// managed pages, so they then contend for the cap alone) and vendor libraries. The ballast is
// written once, so its pages are backed before anything else runs. A GPU with less free
// memory than the cap is refused: the cap is a promise that the run fits in that much.
#pragma once

#include <cstddef>
#include <string>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/memory_account.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"

namespace plexus::exec {

template <class Space>
  requires simt_space<Space>
class memory_cap<Space> {
  using runtime = backends::gpu_runtime<Space>;
  using account = backends::memory_account<Space>;

 public:
  static constexpr std::size_t kDriverHeadroom = std::size_t(256) << 20;

  explicit memory_cap(std::size_t bytes) {
    const auto memory = runtime::memory_info();
    // What Plexus already holds counts against the cap and is not in the device's free memory.
    const std::size_t room = memory.free + account::in_use();
    if (bytes > room)
      throw error(error_kind::invalid_argument,
                  "device memory limit " + human_bytes(bytes) + " is more than this " +
                      std::string(to_string(Space::kind)) + " device can give: " + human_bytes(room) +
                      " (of " + human_bytes(memory.total) + ") would fit");
    // The ballast leaves the driver some headroom beyond the cap (its allocations are rounded
    // up to large pages, and launches need memory of their own): the account, not the
    // ballast, is what holds Plexus to the cap.
    const std::size_t ballast = room > bytes + kDriverHeadroom ? room - bytes - kDriverHeadroom : 0;
    if (ballast > 0) {
      ballast_ = runtime::allocate(ballast);
      ballast_bytes_ = ballast;
      runtime::zero_async(ballast_, ballast, runtime::default_stream());
      runtime::synchronize(runtime::default_stream());
    }
    previous_ = account::exchange_cap(bytes);
    account::reset_peak();
  }
  memory_cap(const memory_cap&) = delete;
  memory_cap& operator=(const memory_cap&) = delete;
  ~memory_cap() {
    account::exchange_cap(previous_);
    runtime::release(ballast_);
  }

  std::size_t bytes() const { return account::cap(); }
  /// The most the space's buffers and scratch held since the cap was set.
  std::size_t peak() const { return account::peak(); }
  /// Bytes taken as ballast.
  std::size_t ballast_bytes() const { return ballast_bytes_; }

 private:
  void* ballast_ = nullptr;
  std::size_t ballast_bytes_ = 0;
  std::size_t previous_ = 0;
};

}  // namespace plexus::exec
