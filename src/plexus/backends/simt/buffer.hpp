// buffer<Space, T> for the SIMT back ends: an owning, move-only array in device memory with
// the interface of buffer<host, T>. get/set/assign/to_host copy synchronously; fill and zero
// are queued on the space's stream. Its bytes are charged to memory_account<Space>.
#pragma once

#include <cstddef>
#include <span>
#include <utility>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/memory_account.hpp"
#include "plexus/backends/simt/small_copy.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/core/touch_pages.hpp"

namespace plexus::backends::simt_detail {

template <class Space, class T>
__global__ void fill_kernel(T* p, std::size_t n, T value) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) p[i] = value;
}

}  // namespace plexus::backends::simt_detail

namespace plexus::exec {

template <class Space, class T>
  requires simt_space<Space>
class buffer<Space, T> {
  using runtime = backends::gpu_runtime<Space>;
  using account = backends::memory_account<Space>;

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
  ~buffer() { free(); }

  void resize(std::size_t count) {
    if (count == size_) return;
    free();
    account::charge(count * sizeof(T), to_string(Space::kind));
    try {
      data_ = static_cast<T*>(runtime::allocate(count * sizeof(T)));
    } catch (...) {
      account::release(count * sizeof(T));
      throw;
    }
    size_ = count;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }

  void fill(const T& value) {
    if (size_ == 0) return;
    backends::simt_detail::fill_kernel<Space>
        <<<Space::grid_for(size_), Space::block_size, 0, runtime::default_stream()>>>(data_, size_, value);
    runtime::check_launch();
  }
  /// Sets every byte to zero, asynchronously on the default stream (no host round trip).
  void zero() {
    if (size_) runtime::zero_async(data_, size_ * sizeof(T), runtime::default_stream());
  }
  void assign(std::span<const T> values) {
    resize(values.size());
    if (!values.empty()) runtime::copy(data_, values.data(), values.size_bytes());
  }
  host_vector<T> to_host(std::size_t count = static_cast<std::size_t>(-1)) const {
    if (count > size_) count = size_;
    host_vector<T> out(count);
    if (count * sizeof(T) >= touch_pages_threshold) touch_pages(out.data(), count * sizeof(T));
    backends::read_back<Space>(out.data(), data_, count * sizeof(T));
    return out;
  }
  /// Copies `values` (host memory) to positions [offset, offset + values.size()).
  void write(std::size_t offset, std::span<const T> values) {
    if (!values.empty()) runtime::copy(data_ + offset, values.data(), values.size_bytes());
  }
  T get(std::size_t i) const {
    T value;
    backends::read_back<Space>(&value, data_ + i, sizeof(T));
    return value;
  }
  void set(std::size_t i, const T& value) { runtime::copy(data_ + i, &value, sizeof(T)); }
  void swap(buffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
  }

 private:
  void free() noexcept {
    runtime::release(data_);
    account::release(size_ * sizeof(T));
    data_ = nullptr;
    size_ = 0;
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace plexus::exec
