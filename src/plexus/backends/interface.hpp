// The execution interface: what every back end provides, so that frontiers, operators and
// algorithms are written once against plexus::exec and instantiated per back end.
//
// This file declares the interface, in namespace plexus::exec; each back end implements it in
// backends/<name>/, in files of the same names (backends/host/scan.hpp, backends/simt/scan.hpp, ...). The CUDA and HIP back
// ends share one implementation, backends/simt/, over their vendor's runtime, library and
// subgroup operations (backends/simt/vendor.hpp). An algorithm never names a back end: it is a
// template over its execution space and calls these.
//
//   space        exec::<name> (backends/<name>/space.hpp): default-constructible, not
//                copyable; `static constexpr backend kind`, `backend_family family`;
//                synchronize() waits for the work queued so far.
//   memory       buffer<Space, T>: an owning array in the space's memory (resize, fill, zero,
//                assign and to_host from / to host memory, get, set, write, swap).
//   loops        for_each(space, n, f): f(i) for every i in [0, n), in any order.
//   reductions   reduce(space, n, init, f, op) -> T; reduce_into(space, n, init, f, op, out)
//                leaving the result in the space's memory; sum_counted(space, count, capacity,
//                f, out) totalling a range whose length lives in the space's memory.
//   scan         exclusive_scan(space, in, out, n).
//   select       compact(space, in, n, out, pred), compact_indices(space, n, out, pred): the
//                kept elements (indices) in order; return how many.
//   segmented    segment_plan<Space>, segmented_reduce, segmented_reduce_skewed, segmented_reduce_if
//                (exec/segmented.hpp).
//   timing       stopwatch<Space>: seconds of the work queued between start() and stop().
//   accounting   memory_cap<Space>: a limit on the memory the space's buffers and scratch
//                hold (backends/memory_account.hpp counts them).
//   streams      queue<Space> (its own space(), copy_async(dst, src, bytes)), event<Space>
//                (record(queue), wait(queue), synchronize()), pinned_buffer<Space, T>,
//                host_mapping<Space>: for work that overlaps copies with kernels.
//   device code  atomics (exec/atomics.hpp), loads with cache hints (exec/loads.hpp) and bit
//                operations (exec/bit.hpp): functions that lambdas call inside kernels.
//
// Every function is asynchronous on device back ends unless it returns a value to the host
// (reduce, compact, buffer reads), and complete on return on the host.
#pragma once

#include <cstddef>

#include "plexus/backends/backend.hpp"

namespace plexus::exec {

/// Owning, move-only array of `T` in the memory of `Space`.
template <class Space, class T>
class buffer;

/// Times the work of `Space` queued between start() and stop() (host: wall clock; GPUs:
/// events on the space's stream).
template <class Space>
class stopwatch;

/// Caps the memory a back end's buffers may hold while it lives (backends/memory_account.hpp):
/// `memory_cap<Space> cap(bytes)`. On a GPU it also takes the rest of the device's free memory
/// as ballast, so the driver, managed memory and vendor libraries see only the cap too.
template <class Space>
class memory_cap;

/// An ordered stream of work besides the space's own, for work that should overlap it: copies
/// to the device, a second kernel (backends/<family>/queue.hpp). queue.space() is a space
/// whose primitives queue their work there; event<Space> orders queues against each other.
template <class Space>
class queue;
template <class Space>
class event;

/// Host memory the space copies from at full speed: page-locked on GPUs (pinned_buffer: new
/// memory; host_mapping: existing memory, also readable by kernels in place).
template <class Space, class T>
class pinned_buffer;
template <class Space>
class host_mapping;
/// Memory the driver migrates between host and device on access (managed memory on GPUs;
/// plain host memory on the host).
template <class Space, class T>
class managed_array;

/// Which segments of an offsets array need which share of the machine (exec/segmented.hpp).
template <class Space>
class segment_plan;

/// Execution spaces of a family: the host, or GPUs that run threads in lock-stepped subgroups.
template <class Space>
concept cpu_space = Space::family == backend_family::cpu;
template <class Space>
concept simt_space = Space::family == backend_family::simt;

/// Reduction operators usable on every back end.
struct plus {
  template <class T>
  constexpr T operator()(const T& a, const T& b) const { return a + b; }
};
struct minimum {
  template <class T>
  constexpr T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
struct maximum {
  template <class T>
  constexpr T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};

}  // namespace plexus::exec
