// buffer<cuda, T>: an owning, move-only array in device memory (RAII over cudaMalloc/cudaFree)
// with the interface of buffer<host, T>. get/set/assign/to_host copy synchronously.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <span>
#include <utility>

#include "plexus/core/host_vector.hpp"
#include "plexus/exec/cuda/check.cuh"
#include "plexus/exec/cuda/small_copy.cuh"
#include "plexus/exec/cuda/space.cuh"

namespace plexus::exec {

namespace cuda_detail {
template <class T>
__global__ void fill_kernel(T* p, std::size_t n, T value) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) p[i] = value;
}
}  // namespace cuda_detail

template <class T>
class buffer<cuda, T> {
 public:
  buffer() = default;
  explicit buffer(std::size_t count) { resize(count); }
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  buffer(buffer&& other) noexcept { swap(other); }
  buffer& operator=(buffer&& other) noexcept {
    swap(other);
    return *this;
  }
  ~buffer() { cuda_detail::release(data_); }

  void resize(std::size_t count) {
    if (count == size_) return;
    cuda_detail::release(data_);
    data_ = nullptr;
    size_ = 0;
    data_ = static_cast<T*>(cuda_detail::allocate(count * sizeof(T)));
    size_ = count;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }

  void fill(const T& value) {
    if (size_ == 0) return;
    cuda_detail::fill_kernel<<<cuda::grid_for(size_), cuda::block_size>>>(data_, size_, value);
    PLEXUS_CUDA_CHECK(cudaGetLastError());
  }
  /// Sets every byte to zero, asynchronously on the default stream (no host round trip).
  void zero() {
    if (size_) PLEXUS_CUDA_CHECK(cudaMemsetAsync(data_, 0, size_ * sizeof(T), nullptr));
  }
  void assign(std::span<const T> values) {
    resize(values.size());
    if (!values.empty())
      PLEXUS_CUDA_CHECK(cudaMemcpy(data_, values.data(), values.size_bytes(), cudaMemcpyHostToDevice));
  }
  host_vector<T> to_host(std::size_t count = static_cast<std::size_t>(-1)) const {
    if (count > size_) count = size_;
    host_vector<T> out(count);
    cuda_detail::read_back(out.data(), data_, count * sizeof(T));
    return out;
  }
  /// Copies `values` (host memory) to positions [offset, offset + values.size()).
  void write(std::size_t offset, std::span<const T> values) {
    if (!values.empty())
      PLEXUS_CUDA_CHECK(cudaMemcpy(data_ + offset, values.data(), values.size_bytes(), cudaMemcpyHostToDevice));
  }
  T get(std::size_t i) const {
    T value;
    cuda_detail::read_back(&value, data_ + i, sizeof(T));
    return value;
  }
  void set(std::size_t i, const T& value) {
    PLEXUS_CUDA_CHECK(cudaMemcpy(data_ + i, &value, sizeof(T), cudaMemcpyHostToDevice));
  }
  void swap(buffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
  }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace plexus::exec
