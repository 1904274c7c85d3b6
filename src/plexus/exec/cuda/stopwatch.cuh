// stopwatch<cuda>: times the work queued on the space's stream between start() and stop()
// with CUDA events, so host-side launch overhead before start() is not counted. Constructing
// it allocates the space's minimum scratch, so that the first scan or reduction of the timed
// work does not allocate (and synchronise) on the clock.
#pragma once

#include <cuda_runtime.h>

#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/space.cuh"

namespace plexus::exec {

template <>
class stopwatch<cuda> {
 public:
  explicit stopwatch(const cuda& space) : stream_(space.stream()) {
    space.scratch(cuda::kMinimumScratch);
    PLEXUS_CUDA_CHECK(cudaEventCreate(&start_));
    PLEXUS_CUDA_CHECK(cudaEventCreate(&stop_));
  }
  stopwatch(const stopwatch&) = delete;
  stopwatch& operator=(const stopwatch&) = delete;
  ~stopwatch() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  void start() { PLEXUS_CUDA_CHECK(cudaEventRecord(start_, stream_)); }
  /// Seconds of stream time since start(); waits for the stream.
  double stop() {
    PLEXUS_CUDA_CHECK(cudaEventRecord(stop_, stream_));
    PLEXUS_CUDA_CHECK(cudaEventSynchronize(stop_));
    float ms = 0;
    PLEXUS_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
    return ms * 1e-3;
  }

 private:
  cudaStream_t stream_;
  cudaEvent_t start_{}, stop_{};
};

}  // namespace plexus::exec
