// gpu_runtime<exec::hip>: the HIP runtime API behind backends/simt/ (see simt/vendor.hpp).
// Every call is checked: a failure becomes plexus::error(device) naming the call, the source
// file and line that made it and HIP's message; a failed allocation becomes
// plexus::error(out_of_memory) with the requested and the free amount. Host code only, so
// plain C++ translation units of this back end (queries.cpp) can use it too.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>

#include "plexus/backends/simt/runtime_errors.hpp"
#include "plexus/backends/simt/vendor.hpp"

namespace plexus::exec {
class hip;
}

namespace plexus::backends {

template <>
struct gpu_runtime<exec::hip> {
  using stream_type = hipStream_t;
  using event_type = hipEvent_t;
  using status_type = hipError_t;

  static stream_type default_stream() { return nullptr; }

  [[noreturn]] static void fail(status_type status, const char* call, call_site where) {
    static_cast<void>(hipGetLastError());  // clear a non-sticky error so later calls are not blamed for it
    throw_runtime_error(status == hipErrorOutOfMemory, call, where, hipGetErrorName(status), hipGetErrorString(status));
  }
  static void check(status_type status, const char* call, call_site where = call_site::current()) {
    if (status != hipSuccess) fail(status, call, where);
  }
  static void check_launch(call_site where = call_site::current()) { check(hipGetLastError(), "kernel launch", where); }

  static void* allocate(std::size_t bytes, call_site where = call_site::current()) {
    if (bytes == 0) return nullptr;
    void* p = nullptr;
    const hipError_t status = hipMalloc(&p, bytes);
    if (status == hipSuccess) return p;
    if (status != hipErrorOutOfMemory) fail(status, "hipMalloc", where);
    static_cast<void>(hipGetLastError());
    std::size_t free_bytes = 0, total_bytes = 0;
    static_cast<void>(hipMemGetInfo(&free_bytes, &total_bytes));
    static_cast<void>(hipGetLastError());
    throw_out_of_device_memory("hip", bytes, free_bytes, total_bytes);
  }
  static void release(void* p) noexcept {
    if (p) static_cast<void>(hipFree(p));
  }
  static void* allocate_pinned(std::size_t bytes, call_site where = call_site::current()) {
    void* p = nullptr;
    check(hipHostMalloc(&p, bytes), "hipHostMalloc", where);
    return p;
  }
  // The runtime may already be shutting down at thread exit: nothing to report.
  static void release_pinned(void* p) noexcept {
    if (p) static_cast<void>(hipHostFree(p));
  }

  static void copy(void* to, const void* from, std::size_t bytes, call_site where = call_site::current()) {
    check(hipMemcpy(to, from, bytes, hipMemcpyDefault), "hipMemcpy", where);
  }
  static void copy_async(void* to, const void* from, std::size_t bytes, stream_type stream,
                         call_site where = call_site::current()) {
    check(hipMemcpyAsync(to, from, bytes, hipMemcpyDefault, stream), "hipMemcpyAsync", where);
  }
  static void zero_async(void* p, std::size_t bytes, stream_type stream, call_site where = call_site::current()) {
    check(hipMemsetAsync(p, 0, bytes, stream), "hipMemsetAsync", where);
  }
  static void synchronize(stream_type stream, call_site where = call_site::current()) {
    check(hipStreamSynchronize(stream), "hipStreamSynchronize", where);
  }

  static stream_type create_stream(call_site where = call_site::current()) {
    stream_type s{};
    check(hipStreamCreateWithFlags(&s, hipStreamNonBlocking), "hipStreamCreateWithFlags", where);
    return s;
  }
  static void destroy_stream(stream_type s) noexcept {
    if (s) static_cast<void>(hipStreamDestroy(s));
  }
  static event_type create_event(bool timing, call_site where = call_site::current()) {
    event_type e{};
    check(hipEventCreateWithFlags(&e, timing ? hipEventDefault : hipEventDisableTiming), "hipEventCreateWithFlags", where);
    return e;
  }
  static void destroy_event(event_type e) noexcept {
    if (e) static_cast<void>(hipEventDestroy(e));
  }
  static void record(event_type e, stream_type s, call_site where = call_site::current()) {
    check(hipEventRecord(e, s), "hipEventRecord", where);
  }
  static void wait(stream_type s, event_type e, call_site where = call_site::current()) {
    check(hipStreamWaitEvent(s, e, 0), "hipStreamWaitEvent", where);
  }
  /// Seconds between two recorded events; waits for `stop`.
  static double elapsed_seconds(event_type start, event_type stop, call_site where = call_site::current()) {
    check(hipEventSynchronize(stop), "hipEventSynchronize", where);
    float ms = 0;
    check(hipEventElapsedTime(&ms, start, stop), "hipEventElapsedTime", where);
    return ms * 1e-3;
  }

  struct device_limits {
    int multiprocessors = 1, shared_per_multiprocessor = 0, threads_per_multiprocessor = 0;
  };
  static device_limits limits(call_site where = call_site::current()) {
    int device = 0;
    device_limits l;
    check(hipGetDevice(&device), "hipGetDevice", where);
    check(hipDeviceGetAttribute(&l.multiprocessors, hipDeviceAttributeMultiprocessorCount, device), "hipDeviceGetAttribute",
          where);
    check(hipDeviceGetAttribute(&l.shared_per_multiprocessor, hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, device),
          "hipDeviceGetAttribute", where);
    check(hipDeviceGetAttribute(&l.threads_per_multiprocessor, hipDeviceAttributeMaxThreadsPerMultiProcessor, device),
          "hipDeviceGetAttribute", where);
    return l;
  }
  /// AMD compute units do not share their L1 cache with shared memory (LDS): nothing to set.
  template <class Kernel>
  static void prefer_l1(Kernel*, call_site = call_site::current()) {}
  /// Lets the kernel take `bytes` of dynamic shared memory.
  template <class Kernel>
  static void allow_dynamic_shared(Kernel* kernel, std::size_t bytes, call_site where = call_site::current()) {
    check(hipFuncSetAttribute(reinterpret_cast<const void*>(kernel), hipFuncAttributeMaxDynamicSharedMemorySize,
                              static_cast<int>(bytes)),
          "hipFuncSetAttribute", where);
  }

  /// Page-locks `bytes` of existing host memory at `p` for fast copies and maps it into the
  /// device's address space (read-only), returning the device's pointer to it.
  static const void* register_host(const void* p, std::size_t bytes, call_site where = call_site::current()) {
    check(hipHostRegister(const_cast<void*>(p), bytes, hipHostRegisterMapped), "hipHostRegister", where);
    void* mapped = nullptr;
    check(hipHostGetDevicePointer(&mapped, const_cast<void*>(p), 0), "hipHostGetDevicePointer", where);
    return mapped;
  }
  static void unregister_host(const void* p) noexcept {
    if (p) static_cast<void>(hipHostUnregister(const_cast<void*>(p)));
  }
  /// Managed memory, which the driver migrates to the device page by page on access.
  static void* allocate_managed(std::size_t bytes, call_site where = call_site::current()) {
    void* p = nullptr;
    if (bytes) check(hipMallocManaged(&p, bytes), "hipMallocManaged", where);
    return p;
  }
  static void release_managed(void* p) noexcept {
    if (p) static_cast<void>(hipFree(p));
  }
  /// Tells the driver the managed range is mostly read: devices keep read-only copies.
  static void advise_read_mostly(const void* p, std::size_t bytes, call_site where = call_site::current()) {
    int device = 0;
    check(hipGetDevice(&device), "hipGetDevice", where);
    check(hipMemAdvise(p, bytes, hipMemAdviseSetReadMostly, device), "hipMemAdvise", where);
  }
  /// Waits on the host until the work before `e` is done.
  static void synchronize_event(event_type e, call_site where = call_site::current()) {
    check(hipEventSynchronize(e), "hipEventSynchronize", where);
  }

  /// Free and total bytes of the current device.
  struct memory_state {
    std::size_t free = 0, total = 0;
  };
  static memory_state memory_info(call_site where = call_site::current()) {
    memory_state m;
    check(hipMemGetInfo(&m.free, &m.total), "hipMemGetInfo", where);
    return m;
  }

  static int device_count() {
    int count = 0;
    if (hipGetDeviceCount(&count) != hipSuccess) {
      static_cast<void>(hipGetLastError());
      return 0;
    }
    return count;
  }

  /// Makes `device` the calling thread's device (the CUDA runtime's select_device).
  static void select_device(int device, call_site where = call_site::current()) {
    check(hipSetDevice(device), "hipSetDevice", where);
  }
};

}  // namespace plexus::backends
