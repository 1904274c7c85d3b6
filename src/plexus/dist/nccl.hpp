// The GPU transport of the distributed module: a communicator between GPUs, one rank per
// process and per GPU, over NCCL (the CUDA back end's gpu_collectives, loaded at run time).
//
// Built with -DPLEXUS_ENABLE_NCCL (cmake/PlexusNccl.cmake), which needs the CUDA back end; only
// dist/nccl_*.cpp see the back end's headers. The communicator's collectives take buffers in
// the GPU's memory (reaches(backend::cuda)) as well as host buffers, which it copies through
// device memory, so what works over a host communicator (agree.hpp, the typed collectives)
// works unchanged over it. Collectives complete before they return: a call orders itself after
// the work queued so far on the back end's default stream (the stream exec::cuda works on),
// runs on a non-blocking stream of its own, and is waited on by polling the stream and NCCL's
// state until the deadline. Work on a stream of the caller's own (exec::queue) must be
// synchronised by the caller first. A failure or an expired wait aborts the NCCL communicator
// (never destroyed after an error) and throws "rank r: op #n ..."; every later collective
// throws at once. Unlike MPI, NCCL cannot check that a receiver expects the size a sender
// sends: sizes must agree, as communicator.hpp requires.
//
// Reductions: sum, min and max are NCCL's; bit_or, which NCCL lacks, is an all-gather combined
// on the host.
//
// Making one: every rank of a host communicator (MPI's world, or the launcher's channel to
// its workers, launcher.hpp) calls make_nccl_communicator with the GPU it drives — MPI: the
// rank on its host (mpi_session::place_on_host); launched workers: their rank. It selects that GPU
// before anything is allocated on it, loads NCCL and all-gathers the GPUs' UUIDs, refusing two
// ranks on one GPU (every rank throwing the same error); rank 0 makes NCCL's unique id and
// broadcasts it, and every rank joins under the deadline. The host communicator must outlive
// the GPU one: abort() ends the job through it. The HIP back end has no such transport (RCCL
// is not packaged in Debian).
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "plexus/dist/communicator.hpp"
#include "plexus/dist/nccl_build.hpp"

namespace plexus::dist {

/// Whether this build includes the NCCL transport.
inline constexpr bool nccl_built = PLEXUS_NCCL_ENABLED != 0;

#if PLEXUS_NCCL_ENABLED
struct nccl_options {
  /// How long one collective (and joining) may wait for the other ranks.
  std::chrono::milliseconds timeout = kDefaultCommTimeout;
};

/// "NCCL 2.28.9 (libnccl.so.2)", loading the library; throws plexus::error(unsupported) with
/// one line saying how to point at it when it cannot be loaded.
std::string nccl_library_version();

/// The communicator between the GPUs of `host`'s ranks, this rank on GPU `device` (an ordinal
/// among every GPU this process sees). Every rank of `host` calls it.
std::unique_ptr<communicator> make_nccl_communicator(communicator& host, int device,
                                                     const nccl_options& options = {});
#endif

}  // namespace plexus::dist
