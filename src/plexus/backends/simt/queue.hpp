// queue<Space>, event<Space>, pinned_buffer<Space, T>, host_mapping<Space> on a SIMT back end:
// a non-blocking stream of the runtime, an event of the runtime, page-locked host memory,
// existing host memory page-locked and mapped for kernels to read in place, and managed
// memory.
#pragma once

#include <cstddef>
#include <utility>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/vendor.hpp"

namespace plexus::exec {

template <class Space>
  requires simt_space<Space>
class queue<Space> {
  using runtime = backends::gpu_runtime<Space>;

 public:
  queue() : stream_(runtime::create_stream()) {}
  queue(const queue&) = delete;
  queue& operator=(const queue&) = delete;
  ~queue() { runtime::destroy_stream(stream_); }

  /// A space whose primitives queue their work on this queue.
  Space space() const { return Space(stream_); }
  typename runtime::stream_type stream() const { return stream_; }
  /// Copies between host and device memory in queue order; from pinned or mapped host memory
  /// the call returns at once.
  void copy_async(void* to, const void* from, std::size_t bytes) const {
    if (bytes) runtime::copy_async(to, from, bytes, stream_);
  }
  void synchronize() const { runtime::synchronize(stream_); }

 private:
  typename runtime::stream_type stream_;
};

template <class Space>
  requires simt_space<Space>
class event<Space> {
  using runtime = backends::gpu_runtime<Space>;

 public:
  /// `timing`: the event also records when it was reached, for seconds_between.
  explicit event(bool timing = false) : event_(runtime::create_event(timing)) {}
  event(const event&) = delete;
  event& operator=(const event&) = delete;
  event(event&& other) noexcept : event_(std::exchange(other.event_, {})) {}
  ~event() { runtime::destroy_event(event_); }

  /// Marks the point of `q` (or of a space's stream) reached by the work queued so far.
  void record(const queue<Space>& q) { runtime::record(event_, q.stream()); }
  void record(const Space& space) { runtime::record(event_, space.stream()); }
  /// Work queued on `q` after this call waits for the recorded point.
  void wait(const queue<Space>& q) const { runtime::wait(q.stream(), event_); }
  void wait(const Space& space) const { runtime::wait(space.stream(), event_); }
  /// The host waits for the recorded point.
  void synchronize() const { runtime::synchronize_event(event_); }
  /// Seconds from `start` to `stop`, both timing events; waits for `stop`.
  static double seconds_between(const event& start, const event& stop) {
    return runtime::elapsed_seconds(start.event_, stop.event_);
  }

 private:
  typename runtime::event_type event_;
};

template <class Space, class T>
  requires simt_space<Space>
class pinned_buffer<Space, T> {
  using runtime = backends::gpu_runtime<Space>;

 public:
  pinned_buffer() = default;
  explicit pinned_buffer(std::size_t count)
      : data_(static_cast<T*>(runtime::allocate_pinned(count * sizeof(T)))), size_(count) {}
  pinned_buffer(const pinned_buffer&) = delete;
  pinned_buffer& operator=(const pinned_buffer&) = delete;
  pinned_buffer(pinned_buffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  pinned_buffer& operator=(pinned_buffer&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }
  ~pinned_buffer() { runtime::release_pinned(data_); }

  std::size_t size() const { return size_; }
  T* data() { return data_; }
  const T* data() const { return data_; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

template <class Space>
  requires simt_space<Space>
class host_mapping<Space> {
  using runtime = backends::gpu_runtime<Space>;

 public:
  host_mapping(const void* p, std::size_t bytes) : host_(p), mapped_(bytes ? runtime::register_host(p, bytes) : p) {
    if (bytes == 0) host_ = nullptr;
  }
  host_mapping(const host_mapping&) = delete;
  host_mapping& operator=(const host_mapping&) = delete;
  ~host_mapping() { runtime::unregister_host(host_); }

  /// The pointer kernels of the space read the memory through.
  const void* mapped() const { return mapped_; }

 private:
  const void* host_;
  const void* mapped_;
};

template <class Space, class T>
  requires simt_space<Space>
class managed_array<Space, T> {
  using runtime = backends::gpu_runtime<Space>;

 public:
  explicit managed_array(std::size_t count)
      : data_(static_cast<T*>(runtime::allocate_managed(count * sizeof(T)))), size_(count) {}
  managed_array(const managed_array&) = delete;
  managed_array& operator=(const managed_array&) = delete;
  ~managed_array() { runtime::release_managed(data_); }

  std::size_t size() const { return size_; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  /// The driver may keep read-only copies on the device instead of migrating pages back and forth.
  void advise_read_mostly() {
    if (size_) runtime::advise_read_mostly(data_, size_ * sizeof(T));
  }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace plexus::exec
