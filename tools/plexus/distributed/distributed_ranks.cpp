// Starting the ranks of a distributed command and ending them alike; see distributed_ranks.hpp.
#include "distributed_ranks.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <exception>
#include <new>

#include "common/device_choice.hpp"
#include "distributed_input.hpp"
#include "distributed_transport.hpp"
#include "common/error_output.hpp"
#include "plexus/core/error.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/launcher.hpp"
#include "plexus/dist/nccl.hpp"

namespace plexus::cli {

std::optional<int> launcher_rank() {
  // Open MPI's mpirun, PMIx or PMI launchers (srun, hydra), and the workers --gpus starts.
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", dist::kWorkerRankVariable})
    if (const char* value = std::getenv(name)) return std::atoi(value);
  return std::nullopt;
}

void refuse_settings(const distributed_settings& settings) {
  input_of(settings);
  const backend where = chosen_device(settings.device);
  if (settings.transport == "nccl" && where != backend::cuda)
    throw error(error_kind::invalid_argument,
                fmt::format("--transport nccl connects CUDA GPUs: add --device cuda (the run is on {})",
                            to_string(where)));
  if (settings.transport == "nccl" && !dist::nccl_built)
    throw error(
        error_kind::unsupported,
        "--transport nccl: this build has no NCCL (configure with -DPLEXUS_ENABLE_NCCL=ON and the CUDA "
        "back end)");
  if (settings.gpus == 0) return;
  if (where != backend::cuda)
    throw error(error_kind::invalid_argument,
                fmt::format("--gpus runs one rank per CUDA GPU; the run is on {}", to_string(where)));
  if (settings.transport == "mpi")
    throw error(error_kind::invalid_argument,
                "--gpus starts its ranks without MPI, so they talk over NCCL: drop --transport mpi, or start "
                "the ranks with mpirun -np N instead of --gpus");
  if (!dist::nccl_built)
    throw error(
        error_kind::unsupported,
        "--gpus: this build has no NCCL, which connects the GPUs (configure with "
        "-DPLEXUS_ENABLE_NCCL=ON and the CUDA back end), or start one rank per GPU with mpirun -np N");
  const auto launched = dist::launched_worker();
  if (!launched && launcher_rank())
    throw error(error_kind::invalid_argument,
                "--gpus starts its own ranks: under mpirun, give -np N and leave --gpus out");
  if (launched && launched->ranks != settings.gpus)
    throw error(error_kind::invalid_argument,
                fmt::format("this worker was started as one of {} ranks, and --gpus says {}", launched->ranks,
                            settings.gpus));
}

namespace {

/// What a fault says: a plexus::error's message, "out of memory", or what() of anything else.
std::string describe(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e)) return "out of memory";
  return e.what();
}

/// The line of a fault of rank `rank` alone in `stage`: "rank r, STAGE: what", worded as an
/// agreed error's. The communicator's own failures open with "rank r: " already, which is left
/// out so that the rank is named once.
std::string fault_line(int rank, const std::string& stage, const std::exception& e) {
  std::string what = describe(e);
  const std::string named = fmt::format("rank {}: ", rank);
  if (what.starts_with(named)) what.erase(0, named.size());
  return fmt::format("rank {}, {}: {}", rank, stage, what);
}

/// The work of one rank, once the command line is known to be one every rank can run.
void run_rank(const distributed_settings& settings, const rank_work& work) {
  transport t;
  try {
    t = connect(settings);
  } catch (const error& e) {
    // The same on every rank of an mpirun job: the first says it.
    if (!dist::launched_worker() && launcher_rank().value_or(0) != 0)
      throw CLI::RuntimeError(exit_status(e.kind()));
    throw;
  }
  rank_state state;
  state.stage = "connecting the GPUs";
  dist::communicator* comm = t.processes.get();
  try {
    bind_devices(settings, chosen_device(settings.device), t);
    comm = &t.comm();
    state.stage = "starting";
    work(*comm, t.description, state);
  } catch (const dist::agreed_error& e) {
    // Every rank holds this error: rank 0 says it once, and every rank exits alike; a worker
    // --gpus started tells its launcher, which says it. A problem of the input or the
    // command, met by every rank, reads as a single run's.
    const int status = exit_status(e.kind());
    const std::string message = comm->size() == 1 || e.every_rank()
                                    ? e.detail()
                                    : fmt::format("rank {}, {}: {}", e.rank(), state.stage, e.detail());
    if (t.launched) {
      dist::report_failure(*t.launched, e.kind(), message);
      throw CLI::RuntimeError(status);
    }
    if (comm->rank() == 0 && state.lines && status != kExitUsage) state.lines->release();
    if (comm->size() == 1) throw error(e.kind(), message);
    if (comm->rank() == 0)
      print_error(status == kExitUsage ? fmt::format("{}; {}", message, settings.usage_hint) : message);
    // The line is out before any rank exits: mpirun ends the job at the first nonzero status,
    // rank 0's unprinted line with it. A rank that waits in vain exits with the status agreed.
    try {
      comm->barrier();
    } catch (const error&) {
    }
    throw CLI::RuntimeError(status);
  } catch (const CLI::RuntimeError& e) {
    // A result that did not pass its check: rank 0 printed it; a launcher hears it from every
    // worker alike.
    if (t.launched)
      dist::report_failure(*t.launched, error_kind::internal, "the result did not pass its check");
    throw;
  } catch (const std::exception& e) {
    // This rank's fault alone, inside the run: the others may wait in a collective for it.
    if (comm->size() == 1 && !t.launched) {
      if (state.lines) state.lines->release();
      throw;
    }
    comm->abort(fault_line(comm->rank(), state.stage, e));
  }
}

}  // namespace

void run_ranks(const distributed_settings& settings, const std::function<void()>& refuse,
               const rank_work& work) {
  try {
    refuse();
  } catch (const error& e) {
    // The same on every rank: the first rank of the job says it.
    if (launcher_rank().value_or(0) != 0) throw CLI::RuntimeError(exit_status(e.kind()));
    throw;
  }
  if (settings.gpus > 0 && !dist::launched_worker()) {
    // The launcher: its workers run the same command line, each one rank on its own GPU.
    dist::run_workers(settings.gpus, dist::this_program(), dist::this_arguments());
    return;
  }
  if (const auto launched = dist::launched_worker()) {
    try {
      run_rank(settings, work);
    } catch (const error& e) {
      dist::report_failure(*launched, e.kind(), e.what());
      throw CLI::RuntimeError(exit_status(e.kind()));
    }
    return;
  }
  run_rank(settings, work);
}

}  // namespace plexus::cli
