// stream_fork<N>: N non-blocking side streams that kernels of one step run on concurrently,
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
// single launch instead: see cuda/segmented_reduce.cuh.)
#pragma once

#include <cuda_runtime.h>

#include <utility>

#include "plexus/exec/cuda/check.cuh"

namespace plexus::exec::cuda_detail {

template <int N>
class stream_fork {
 public:
  stream_fork() {
    for (int i = 0; i < N; ++i) {
      PLEXUS_CUDA_CHECK(cudaStreamCreateWithFlags(&streams_[i], cudaStreamNonBlocking));
      PLEXUS_CUDA_CHECK(cudaEventCreateWithFlags(&joins_[i], cudaEventDisableTiming));
    }
    PLEXUS_CUDA_CHECK(cudaEventCreateWithFlags(&fork_, cudaEventDisableTiming));
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
      if (streams_[i]) cudaStreamDestroy(streams_[i]);
      if (joins_[i]) cudaEventDestroy(joins_[i]);
    }
    if (fork_) cudaEventDestroy(fork_);
  }

  cudaStream_t stream(int i) const { return streams_[i]; }

  void fork(cudaStream_t origin) const {
    PLEXUS_CUDA_CHECK(cudaEventRecord(fork_, origin));
    for (int i = 0; i < N; ++i) PLEXUS_CUDA_CHECK(cudaStreamWaitEvent(streams_[i], fork_, 0));
  }

  void join(cudaStream_t origin) const {
    for (int i = 0; i < N; ++i) {
      PLEXUS_CUDA_CHECK(cudaEventRecord(joins_[i], streams_[i]));
      PLEXUS_CUDA_CHECK(cudaStreamWaitEvent(origin, joins_[i], 0));
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

  cudaStream_t streams_[N]{};
  cudaEvent_t joins_[N]{};
  cudaEvent_t fork_{};
};

}  // namespace plexus::exec::cuda_detail
