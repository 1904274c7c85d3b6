// stream_fork<Space, N>: N non-blocking side streams that kernels of one step run on concurrently,
// ordered against the space's stream by events:
//
//   fork.fork(origin);                 // every side stream waits for the work queued on origin
//   kernel<<<..., fork.stream(i)>>>(); // kernels on different side streams may overlap
//   fork.join(origin);                 // origin waits for everything queued on the side streams
//
// Work queued on `origin` before the fork and after the join stays in order with the side
// streams' kernels. A step made of several kernels over disjoint parts of the data (the
// degree buckets of bucketed_mode) otherwise runs them one after the other, each kernel's
// tail of last blocks leaving most of the GPU idle; side by side, the blocks of the next
// kernel fill the SMs the tail frees. (The segmented reduction gets the same overlap from a
// single launch instead: see simt/segmented_reduce.hpp.)
#pragma once

#include <utility>

#include "plexus/backends/simt/vendor.hpp"

namespace plexus::backends {

template <class Space, int N>
class stream_fork {
  using runtime = gpu_runtime<Space>;
  using stream_type = typename runtime::stream_type;
  using event_type = typename runtime::event_type;

 public:
  stream_fork() {
    for (int i = 0; i < N; ++i) {
      streams_[i] = runtime::create_stream();
      joins_[i] = runtime::create_event(false);
    }
    fork_ = runtime::create_event(false);
  }
  stream_fork(const stream_fork&) = delete;
  stream_fork& operator=(const stream_fork&) = delete;
  stream_fork(stream_fork&& other) noexcept { swap(other); }
  stream_fork& operator=(stream_fork&& other) noexcept {
    swap(other);
    return *this;
  }
  ~stream_fork() {
    for (int i = 0; i < N; ++i) {
      runtime::destroy_stream(streams_[i]);
      runtime::destroy_event(joins_[i]);
    }
    runtime::destroy_event(fork_);
  }

  stream_type stream(int i) const { return streams_[i]; }

  void fork(stream_type origin) const {
    runtime::record(fork_, origin);
    for (int i = 0; i < N; ++i) runtime::wait(streams_[i], fork_);
  }

  void join(stream_type origin) const {
    for (int i = 0; i < N; ++i) {
      runtime::record(joins_[i], streams_[i]);
      runtime::wait(origin, joins_[i]);
    }
  }

 private:
  void swap(stream_fork& other) noexcept {
    for (int i = 0; i < N; ++i) {
      std::swap(streams_[i], other.streams_[i]);
      std::swap(joins_[i], other.joins_[i]);
    }
    std::swap(fork_, other.fork_);
  }

  stream_type streams_[N]{};
  event_type joins_[N]{};
  event_type fork_{};
};

}  // namespace plexus::backends
