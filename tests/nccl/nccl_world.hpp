// What the NCCL tests share (nccl_main.cpp): the run's host communicator (the launcher's
// rounds, or MPI's world under mpirun), the GPU communicator over it, the GPU this rank
// drives, and device arrays to hand the GPU communicator device pointers.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "plexus/backends/cuda/runtime.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/nccl.hpp"

namespace plexus_test {

/// Far below ctest's timeout, so that a hang fails naming the collective.
inline constexpr std::chrono::milliseconds kNcclTestTimeout = std::chrono::seconds(30);

plexus::dist::communicator& host_world();
plexus::dist::communicator& gpu_world();
int gpu_of_this_rank();

/// `count` values of T in the current GPU's memory.
template <class T>
class device_array {
  using runtime = plexus::backends::gpu_runtime<plexus::exec::cuda>;

 public:
  explicit device_array(std::size_t count)
      : count_(count), data_(static_cast<T*>(runtime::allocate(count * sizeof(T)))) {}
  explicit device_array(const std::vector<T>& values) : device_array(values.size()) { upload(values); }
  device_array(const device_array&) = delete;
  device_array& operator=(const device_array&) = delete;
  ~device_array() { runtime::release(data_); }

  T* data() { return data_; }
  std::span<T> span() { return {data_, count_}; }
  std::span<const T> const_span() const { return {data_, count_}; }
  std::size_t size() const { return count_; }

  void upload(const std::vector<T>& values) {
    if (!values.empty()) runtime::copy(data_, values.data(), values.size() * sizeof(T));
  }
  std::vector<T> download() const {
    std::vector<T> values(count_);
    if (count_ > 0) runtime::copy(values.data(), data_, count_ * sizeof(T));
    return values;
  }

 private:
  std::size_t count_;
  T* data_;
};

}  // namespace plexus_test
