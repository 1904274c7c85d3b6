// PLEXUS_CUDA_CHECK(call): every CUDA runtime call goes through it, so a failure becomes
// plexus::error(device) naming the call, its source file and line, and the CUDA message.
// Device allocation goes through cuda_detail::allocate, which reports out-of-memory as
// plexus::error(out_of_memory) with the requested and the free amount.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <string>

#include "plexus/core/error.hpp"

namespace plexus::exec::cuda_detail {

[[noreturn]] inline void throw_cuda_error(cudaError_t status, const char* call, const char* file, int line) {
  cudaGetLastError();  // clear a non-sticky error so later calls are not blamed for it
  throw error(status == cudaErrorMemoryAllocation ? error_kind::out_of_memory : error_kind::device,
              std::string(file) + ":" + std::to_string(line) + ": " + call + " failed: " +
                  cudaGetErrorName(status) + " (" + cudaGetErrorString(status) + ")");
}

inline std::string mebibytes(std::size_t bytes) {
  return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB";
}

/// cudaMalloc that throws out_of_memory with the requested size and the free memory.
inline void* allocate(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  void* p = nullptr;
  const cudaError_t status = cudaMalloc(&p, bytes);
  if (status == cudaSuccess) return p;
  cudaGetLastError();
  if (status != cudaErrorMemoryAllocation) throw_cuda_error(status, "cudaMalloc", __FILE__, __LINE__);
  std::size_t free_bytes = 0, total_bytes = 0;
  cudaMemGetInfo(&free_bytes, &total_bytes);
  cudaGetLastError();
  throw error(error_kind::out_of_memory, "cuda: out of device memory: requested " + std::to_string(bytes) +
                                             " bytes (" + mebibytes(bytes) + "), " + mebibytes(free_bytes) +
                                             " free of " + mebibytes(total_bytes));
}

inline void release(void* p) noexcept {
  if (p) cudaFree(p);
}

}  // namespace plexus::exec::cuda_detail

#define PLEXUS_CUDA_CHECK(call)                                                                   \
  do {                                                                                            \
    const cudaError_t plexus_cuda_status_ = (call);                                               \
    if (plexus_cuda_status_ != cudaSuccess)                                                       \
      ::plexus::exec::cuda_detail::throw_cuda_error(plexus_cuda_status_, #call, __FILE__, __LINE__); \
  } while (0)
