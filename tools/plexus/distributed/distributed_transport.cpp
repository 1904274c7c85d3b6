// The communicators of a distributed run; see distributed_transport.hpp.
#include "distributed_transport.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdint>

#include "plexus/dist/agree.hpp"
#include "plexus/dist/core_share.hpp"
#include "plexus/dist/nccl.hpp"
#include "plexus/dist/self_communicator.hpp"

namespace plexus::cli {

namespace {

/// Whether the ranks' GPUs talk over NCCL: asked for by --transport, or chosen when the run is
/// on CUDA GPUs over more than one rank and this build has NCCL.
bool over_nccl(const distributed_settings& settings, backend where, int ranks) {
  if (settings.transport == "nccl") return true;
  if (settings.transport == "mpi") return false;
  return where == backend::cuda && dist::nccl_built && ranks > 1;
}

std::chrono::milliseconds timeout_of(const distributed_settings& settings) {
  return std::chrono::milliseconds(static_cast<std::int64_t>(settings.comm_timeout_seconds * 1000));
}

}  // namespace

transport connect(const distributed_settings& settings) {
  transport t;
  if ((t.launched = dist::launched_worker())) {
    t.processes = dist::launcher_communicator(*t.launched, timeout_of(settings));
    t.machine_rank = t.launched->rank;
    dist::share_cores(t.launched->ranks);
    t.description = "processes started by --gpus";
    return t;
  }
  if (!launcher_rank()) {
    t.processes = std::make_unique<dist::self_communicator>();
    t.description = "one process";
    return t;
  }
#if PLEXUS_MPI_ENABLED
  int argc = 0;
  char** argv = nullptr;
  t.session = std::make_unique<dist::mpi_session>(argc, argv);
  dist::mpi_options options;
  options.timeout = timeout_of(settings);
  t.processes = t.session->world(options);
  const dist::mpi_session::host_place place = t.session->place_on_host();
  t.machine_rank = place.rank;
  dist::share_cores(place.ranks);
  t.description = fmt::format("MPI ({})", dist::mpi_library_version());
  return t;
#else
  throw error(
      error_kind::unsupported,
      "--distributed under mpirun needs the MPI transport, which this build leaves out (configure with "
      "-DPLEXUS_ENABLE_MPI=ON)");
#endif
}

void bind_devices(const distributed_settings& settings, backend where, transport& t) {
  if (family_of(where) == backend_family::cpu) return;
  dist::communicator& processes = *t.processes;
  if (over_nccl(settings, where, processes.size())) {
#if PLEXUS_NCCL_ENABLED
    dist::nccl_options options;
    options.timeout = timeout_of(settings);
    t.gpus = dist::make_nccl_communicator(processes, t.machine_rank, options);
    const std::string library = dist::nccl_library_version();
    t.description = t.launched ? fmt::format("{} between the GPUs", library)
                               : fmt::format("{} between the GPUs, {}", library, t.description);
#endif
    return;
  }
  dist::agreed(processes, [&] { backend_select_device(where, t.machine_rank); });
  t.description += ", messages through host memory";
}

}  // namespace plexus::cli
