// gpu_runtime<exec::cuda>: the CUDA runtime API behind backends/simt/ (see simt/vendor.hpp).
// Every call is checked: a failure becomes plexus::error(device) naming the call, the source
// file and line that made it and CUDA's message; a failed allocation becomes
// plexus::error(out_of_memory) with the requested and the free amount. Host code only, so
// plain C++ translation units of this back end (queries.cpp) can use it too.
#pragma once

#include <cuda_runtime.h>

#include <array>
#include <cstddef>
#include <cstring>

#include "plexus/backends/simt/runtime_errors.hpp"
#include "plexus/backends/simt/vendor.hpp"

namespace plexus::exec {
class cuda;
}

namespace plexus::backends {

template <>
struct gpu_runtime<exec::cuda> {
  using stream_type = cudaStream_t;
  using event_type = cudaEvent_t;
  using status_type = cudaError_t;

  static stream_type default_stream() { return nullptr; }

  [[noreturn]] static void fail(status_type status, const char* call, call_site where) {
    cudaGetLastError();  // clear a non-sticky error so later calls are not blamed for it
    throw_runtime_error(status == cudaErrorMemoryAllocation, call, where, cudaGetErrorName(status), cudaGetErrorString(status));
  }
  static void check(status_type status, const char* call, call_site where = call_site::current()) {
    if (status != cudaSuccess) fail(status, call, where);
  }
  static void check_launch(call_site where = call_site::current()) { check(cudaGetLastError(), "kernel launch", where); }

  static void* allocate(std::size_t bytes, call_site where = call_site::current()) {
    if (bytes == 0) return nullptr;
    void* p = nullptr;
    const cudaError_t status = cudaMalloc(&p, bytes);
    if (status == cudaSuccess) return p;
    if (status != cudaErrorMemoryAllocation) fail(status, "cudaMalloc", where);
    cudaGetLastError();
    std::size_t free_bytes = 0, total_bytes = 0;
    cudaMemGetInfo(&free_bytes, &total_bytes);
    cudaGetLastError();
    throw_out_of_device_memory("cuda", bytes, free_bytes, total_bytes);
  }
  static void release(void* p) noexcept {
    if (p) cudaFree(p);
  }
  static void* allocate_pinned(std::size_t bytes, call_site where = call_site::current()) {
    void* p = nullptr;
    check(cudaMallocHost(&p, bytes), "cudaMallocHost", where);
    return p;
  }
  // The runtime may already be shutting down at thread exit: nothing to report.
  static void release_pinned(void* p) noexcept {
    if (p) cudaFreeHost(p);
  }

  static void copy(void* to, const void* from, std::size_t bytes, call_site where = call_site::current()) {
    check(cudaMemcpy(to, from, bytes, cudaMemcpyDefault), "cudaMemcpy", where);
  }
  static void copy_async(void* to, const void* from, std::size_t bytes, stream_type stream,
                         call_site where = call_site::current()) {
    check(cudaMemcpyAsync(to, from, bytes, cudaMemcpyDefault, stream), "cudaMemcpyAsync", where);
  }
  static void zero_async(void* p, std::size_t bytes, stream_type stream, call_site where = call_site::current()) {
    check(cudaMemsetAsync(p, 0, bytes, stream), "cudaMemsetAsync", where);
  }
  static void synchronize(stream_type stream, call_site where = call_site::current()) {
    check(cudaStreamSynchronize(stream), "cudaStreamSynchronize", where);
  }

  static stream_type create_stream(call_site where = call_site::current()) {
    stream_type s{};
    check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreateWithFlags", where);
    return s;
  }
  static void destroy_stream(stream_type s) noexcept {
    if (s) cudaStreamDestroy(s);
  }
  static event_type create_event(bool timing, call_site where = call_site::current()) {
    event_type e{};
    check(cudaEventCreateWithFlags(&e, timing ? cudaEventDefault : cudaEventDisableTiming), "cudaEventCreate", where);
    return e;
  }
  static void destroy_event(event_type e) noexcept {
    if (e) cudaEventDestroy(e);
  }
  static void record(event_type e, stream_type s, call_site where = call_site::current()) {
    check(cudaEventRecord(e, s), "cudaEventRecord", where);
  }
  static void wait(stream_type s, event_type e, call_site where = call_site::current()) {
    check(cudaStreamWaitEvent(s, e, 0), "cudaStreamWaitEvent", where);
  }
  /// Seconds between two recorded events; waits for `stop`.
  static double elapsed_seconds(event_type start, event_type stop, call_site where = call_site::current()) {
    check(cudaEventSynchronize(stop), "cudaEventSynchronize", where);
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime", where);
    return ms * 1e-3;
  }

  struct device_limits {
    int multiprocessors = 1, shared_per_multiprocessor = 0, threads_per_multiprocessor = 0;
  };
  static device_limits limits(call_site where = call_site::current()) {
    int device = 0;
    device_limits l;
    check(cudaGetDevice(&device), "cudaGetDevice", where);
    check(cudaDeviceGetAttribute(&l.multiprocessors, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute",
          where);
    check(cudaDeviceGetAttribute(&l.shared_per_multiprocessor, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device),
          "cudaDeviceGetAttribute", where);
    check(cudaDeviceGetAttribute(&l.threads_per_multiprocessor, cudaDevAttrMaxThreadsPerMultiProcessor, device),
          "cudaDeviceGetAttribute", where);
    return l;
  }
  /// As much of the kernel's on-chip memory for the L1 cache as its shared memory allows.
  template <class Kernel>
  static void prefer_l1(Kernel* kernel, call_site where = call_site::current()) {
    check(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxL1),
          "cudaFuncSetAttribute", where);
  }
  /// Lets the kernel take `bytes` of dynamic shared memory (above the default 48 KiB).
  template <class Kernel>
  static void allow_dynamic_shared(Kernel* kernel, std::size_t bytes, call_site where = call_site::current()) {
    check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)),
          "cudaFuncSetAttribute", where);
  }

  /// Page-locks `bytes` of existing host memory at `p` for fast copies and maps it into the
  /// device's address space (read-only), returning the device's pointer to it.
  static const void* register_host(const void* p, std::size_t bytes, call_site where = call_site::current()) {
    check(cudaHostRegister(const_cast<void*>(p), bytes, cudaHostRegisterMapped | cudaHostRegisterReadOnly), "cudaHostRegister", where);
    void* mapped = nullptr;
    check(cudaHostGetDevicePointer(&mapped, const_cast<void*>(p), 0), "cudaHostGetDevicePointer", where);
    return mapped;
  }
  static void unregister_host(const void* p) noexcept {
    if (p) static_cast<void>(cudaHostUnregister(const_cast<void*>(p)));
  }
  /// Managed memory, which the driver migrates to the device page by page on access.
  static void* allocate_managed(std::size_t bytes, call_site where = call_site::current()) {
    void* p = nullptr;
    if (bytes) check(cudaMallocManaged(&p, bytes), "cudaMallocManaged", where);
    return p;
  }
  static void release_managed(void* p) noexcept {
    if (p) static_cast<void>(cudaFree(p));
  }
  /// Tells the driver the managed range is mostly read: devices keep read-only copies.
  static void advise_read_mostly(const void* p, std::size_t bytes, call_site where = call_site::current()) {
    int device = 0;
    check(cudaGetDevice(&device), "cudaGetDevice", where);
    cudaMemLocation location{};
    location.type = cudaMemLocationTypeDevice;
    location.id = device;
    check(cudaMemAdvise(p, bytes, cudaMemAdviseSetReadMostly, location), "cudaMemAdvise", where);
  }
  /// Waits on the host until the work before `e` is done.
  static void synchronize_event(event_type e, call_site where = call_site::current()) {
    check(cudaEventSynchronize(e), "cudaEventSynchronize", where);
  }

  /// Free and total bytes of the current device.
  struct memory_state {
    std::size_t free = 0, total = 0;
  };
  static memory_state memory_info(call_site where = call_site::current()) {
    memory_state m;
    check(cudaMemGetInfo(&m.free, &m.total), "cudaMemGetInfo", where);
    return m;
  }

  static int device_count() {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
      cudaGetLastError();
      return 0;
    }
    return count;
  }

  /// Makes `device` the calling thread's device: every later allocation, stream and kernel
  /// of this thread goes to it. A process that drives one GPU of several calls it first.
  static void select_device(int device, call_site where = call_site::current()) {
    check(cudaSetDevice(device), "cudaSetDevice", where);
  }
  /// The current device's UUID, the same in every process (ordinals depend on
  /// CUDA_VISIBLE_DEVICES).
  static std::array<unsigned char, 16> device_uuid(call_site where = call_site::current()) {
    int device = 0;
    check(cudaGetDevice(&device), "cudaGetDevice", where);
    cudaDeviceProp prop{};
    check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties", where);
    std::array<unsigned char, 16> uuid{};
    std::memcpy(uuid.data(), prop.uuid.bytes, uuid.size());
    return uuid;
  }
  /// Whether `p` points into memory the device reads as its own (device or managed memory)
  /// rather than into host memory, pinned or not.
  static bool device_accessible(const void* p, call_site where = call_site::current()) {
    cudaPointerAttributes attributes{};
    check(cudaPointerGetAttributes(&attributes, p), "cudaPointerGetAttributes", where);
    return attributes.type == cudaMemoryTypeDevice || attributes.type == cudaMemoryTypeManaged;
  }
  /// Whether all work queued on `stream` is complete; does not wait.
  static bool stream_done(stream_type stream, call_site where = call_site::current()) {
    const cudaError_t status = cudaStreamQuery(stream);
    if (status == cudaErrorNotReady) return false;
    check(status, "cudaStreamQuery", where);
    return true;
  }
};

}  // namespace plexus::backends
