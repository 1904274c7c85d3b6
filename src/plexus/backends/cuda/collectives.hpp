// gpu_collectives<exec::cuda>: NCCL behind the distributed module's GPU communicator (see
// simt/vendor.hpp). Built with PLEXUS_ENABLE_NCCL (cmake/PlexusNccl.cmake).
//
// NCCL is loaded when first needed (dlopen of libnccl.so.2: the path in PLEXUS_NCCL_LIBRARY,
// else the dynamic loader's path, else the library found beside nccl.h at configure time), so
// a binary built here starts on machines without NCCL and fails, only when asked for
// collectives, with one line saying how to point at the library. Only collectives.cpp sees
// nccl.h; this header names NCCL's communicator by its opaque type alone.
//
// Communicators are non-blocking (ncclConfig_t::blocking = 0, NCCL 2.14 and later): every call
// returns at once, possibly with the communicator's state in progress, and the caller polls
// state() — under its own deadline — until it is done before the next call. That is what lets
// joining, a collective whose peer never comes and finalising end at a deadline instead of
// hanging in NCCL. A failed call throws plexus::error(device) with NCCL's message; after any
// failure the communicator is only ever aborted (ncclCommDestroy may wait forever on queued
// work).
#pragma once

#include <cuda_runtime.h>

#include <array>
#include <cstddef>
#include <string>

#include "plexus/backends/backend.hpp"
#include "plexus/backends/simt/vendor.hpp"

struct ncclComm;

namespace plexus::backends {

template <>
struct gpu_collectives<exec::cuda> {
  using comm_type = ncclComm*;
  using stream_type = cudaStream_t;
  /// What a rank's collectives reach besides host memory.
  static constexpr backend device_backend = backend::cuda;
  /// The token every rank of one communicator joins with (ncclUniqueId): made by one rank,
  /// sent to the others by the caller.
  using unique_id = std::array<unsigned char, 128>;

  /// Loads NCCL once per process; throws plexus::error(unsupported) with one line naming what
  /// was tried and how to point at the library, or saying that it is too old.
  static void load();
  /// "NCCL 2.28.9 (libnccl.so.2)": the loaded library's version and where it came from; loads it.
  static std::string version();

  static unique_id create_id();
  /// Starts joining communicator `id` as `rank` of `ranks`, on the current device.
  static comm_type join(const unique_id& id, int ranks, int rank);
  /// The communicator's state; `why` receives NCCL's message when it failed.
  static collective_state state(comm_type comm, std::string& why);

  static void all_reduce(const void* in, void* out, std::size_t count, collective_type type, collective_op op,
                         comm_type comm, stream_type stream);
  /// `out` receives every rank's `bytes`, in rank order.
  static void all_gather(const void* in, void* out, std::size_t bytes, comm_type comm, stream_type stream);
  static void broadcast(const void* in, void* out, std::size_t bytes, int root, comm_type comm,
                        stream_type stream);
  static void group_start();
  static void group_end();
  static void send(const void* data, std::size_t bytes, int peer, comm_type comm, stream_type stream);
  static void receive(void* data, std::size_t bytes, int peer, comm_type comm, stream_type stream);

  /// Starts flushing the communicator's work; its state is done once every rank finalised.
  static void finalize(comm_type comm);
  /// Frees a finalised communicator.
  static void destroy(comm_type comm) noexcept;
  /// Ends a communicator whatever it is doing, without waiting for its peers.
  static void abort(comm_type comm) noexcept;
};

}  // namespace plexus::backends
