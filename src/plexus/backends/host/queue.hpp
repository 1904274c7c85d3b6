// queue<host>, event<host>, pinned_buffer<host, T>, host_mapping<host>: on the host every
// call completes before it returns, so a queue is the host space itself, a copy is a memcpy,
// an event has nothing to wait for, and host memory needs no pinning.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstring>

#include "plexus/backends/host/space.hpp"
#include "plexus/backends/interface.hpp"
#include "plexus/core/host_vector.hpp"

namespace plexus::exec {

template <>
class queue<host> {
 public:
  host space() const { return host{}; }
  void copy_async(void* to, const void* from, std::size_t bytes) const {
    if (bytes) std::memcpy(to, from, bytes);
  }
  void synchronize() const {}
};

template <>
class event<host> {
 public:
  explicit event(bool = false) {}
  /// On the host the work before a record is done: the event keeps the time it was recorded.
  void record(const queue<host>&) { at_ = std::chrono::steady_clock::now(); }
  void record(const host&) { at_ = std::chrono::steady_clock::now(); }
  void wait(const queue<host>&) const {}
  void wait(const host&) const {}
  void synchronize() const {}
  static double seconds_between(const event& start, const event& stop) {
    return std::chrono::duration<double>(stop.at_ - start.at_).count();
  }

 private:
  std::chrono::steady_clock::time_point at_{};
};

template <class T>
class pinned_buffer<host, T> {
 public:
  pinned_buffer() = default;
  explicit pinned_buffer(std::size_t count) : data_(count) {}
  std::size_t size() const { return data_.size(); }
  T* data() { return data_.data(); }
  const T* data() const { return data_.data(); }

 private:
  host_vector<T> data_;
};

template <>
class host_mapping<host> {
 public:
  host_mapping(const void* p, std::size_t) : mapped_(p) {}
  /// The pointer kernels of the space read the memory through: the memory itself.
  const void* mapped() const { return mapped_; }

 private:
  const void* mapped_;
};

template <class T>
class managed_array<host, T> {
 public:
  explicit managed_array(std::size_t count) : data_(count) {}
  std::size_t size() const { return data_.size(); }
  T* data() { return data_.data(); }
  const T* data() const { return data_.data(); }
  void advise_read_mostly() {}

 private:
  host_vector<T> data_;
};

}  // namespace plexus::exec
