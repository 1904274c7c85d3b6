// The communicators of a distributed command (distributed_ranks.hpp): connecting its processes
// (MPI under mpirun, the launcher's rounds in a worker --gpus started, else this process
// alone), and for a GPU run giving each rank its GPU and, for CUDA over several ranks, the
// NCCL communicator its collectives go through.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "distributed_ranks.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/launcher.hpp"
#include "plexus/dist/mpi.hpp"

namespace plexus::cli {

/// The communicators of the run, destroyed in reverse order: the GPUs' before the processes'
/// (which a GPU communicator ends the job through), the processes' before MPI's session.
struct transport {
#if PLEXUS_MPI_ENABLED
  std::unique_ptr<dist::mpi_session> session;
#endif
  /// Every process of the run: MPI's world, the channels of the workers --gpus started, or
  /// this process alone.
  std::unique_ptr<dist::communicator> processes;
  /// NCCL between the ranks' GPUs, when they talk over it.
  std::unique_ptr<dist::communicator> gpus;
  std::optional<dist::launched_rank> launched;  // this worker's place, when --gpus started it
  int machine_rank = 0;     // this rank's place among the ranks on its machine: the GPU it drives
  std::string description;  // the Transport line

  /// The communicator the run's collectives go through.
  dist::communicator& comm() {
    return gpus ? *gpus : *processes;
  }
};

/// Connects the processes of the run; throws plexus::error when MPI cannot start.
transport connect(const distributed_settings& settings);

/// Gives every rank of a GPU run its own GPU, the one its place on its machine names, and
/// connects the GPUs over NCCL where the run talks over it; host runs are left as they are.
/// Collective over the processes.
void bind_devices(const distributed_settings& settings, backend where, transport& t);

}  // namespace plexus::cli
