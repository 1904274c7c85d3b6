// buffer<host, T>: an owning array in host memory with the same interface as the device
// buffers, so algorithm templates allocate, fill, copy and read back without knowing where
// memory lives. Allocation failure becomes plexus::error(out_of_memory) naming the size. Its
// bytes are charged to memory_account<host>, so a memory cap applies to the host back end as
// to a GPU's.
#pragma once

#include <algorithm>
#include <cstddef>
#include <new>
#include <span>
#include <string>

#include "plexus/backends/host/space.hpp"
#include "plexus/backends/interface.hpp"
#include "plexus/backends/memory_account.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/host_vector.hpp"

namespace plexus::exec {

template <class T>
class buffer<host, T> {
  using account = backends::memory_account<host>;

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
  ~buffer() { account::release(data_.size() * sizeof(T)); }

  /// Resizes without keeping the contents meaningful (new elements are uninitialised).
  void resize(std::size_t count) {
    const std::size_t had = data_.size() * sizeof(T), wants = count * sizeof(T);
    if (wants > had) account::charge(wants - had, "host");
    try {
      data_.resize(count);
    } catch (const std::bad_alloc&) {
      if (wants > had) account::release(wants - had);
      throw error(error_kind::out_of_memory,
                  "host: cannot allocate " + std::to_string(wants) + " bytes (" + human_bytes(wants) + ")");
    }
    if (wants < had) account::release(had - wants);
  }
  std::size_t size() const { return data_.size(); }
  bool empty() const { return data_.empty(); }
  T* data() { return data_.data(); }
  const T* data() const { return data_.data(); }

  void fill(const T& value) {
    T* p = data_.data();
    const std::size_t n = data_.size();
    if (n < kHostSerialBelow) {
      std::fill(p, p + n, value);
      return;
    }
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < n; ++i) p[i] = value;
  }
  /// Sets every element to T(0).
  void zero() { fill(T(0)); }
  /// Replaces the contents by a copy of `values` (host memory).
  void assign(std::span<const T> values) {
    resize(values.size());
    std::copy(values.begin(), values.end(), data_.begin());
  }
  /// Copies the first `count` elements (all by default) into host memory.
  host_vector<T> to_host(std::size_t count = static_cast<std::size_t>(-1)) const {
    count = std::min(count, data_.size());
    host_vector<T> out(count);
    std::copy(data_.begin(), data_.begin() + static_cast<std::ptrdiff_t>(count), out.begin());
    return out;
  }
  /// Copies `values` (host memory) to positions [offset, offset + values.size()).
  void write(std::size_t offset, std::span<const T> values) {
    std::copy(values.begin(), values.end(), data_.begin() + static_cast<std::ptrdiff_t>(offset));
  }
  T get(std::size_t i) const { return data_[i]; }
  void set(std::size_t i, const T& value) { data_[i] = value; }
  void swap(buffer& other) noexcept { data_.swap(other.data_); }

 private:
  host_vector<T> data_;
};

}  // namespace plexus::exec
