// Runs a distributed job on one host without MPI: the process becomes a launcher that starts
// one worker process per rank and stays to watch them (what `--gpus N` does: one rank per
// GPU).
//
// The launcher forks and executes every worker before it touches any GPU, leaving every GPU
// visible to every worker: each selects its own by its rank (hiding GPUs per process with
// CUDA_VISIBLE_DEVICES would stop NCCL using CUDA IPC and NVLink between them). A worker is
// the same program with the same arguments; it finds its place in three environment
// variables, PLEXUS_WORKER_RANK (0 to N-1), PLEXUS_WORKER_RANKS (N) and PLEXUS_WORKER_CHANNEL
// (the file descriptor of its socket to the launcher). Through those sockets the launcher
// serves one collective only, a round: once every worker has sent one message, every worker
// receives all of them in rank order. launcher_communicator builds a host communicator on
// rounds, enough for bootstrapping (the GPUs' UUIDs, NCCL's unique id, nccl.hpp) and for
// agreeing on errors (agree.hpp); it is not made for bulk data, which the GPU communicator
// carries.
//
// Faults: the launcher waits on every worker and, the moment one fails — it reports a failure
// (launcher_communicator's abort, or report_failure), exits with a nonzero status, is killed
// by a signal, cannot be executed, or ends while others wait for it in a round — kills the
// others (SIGKILL) and throws one plexus::error naming that rank, which the program reports
// as its one error line. Workers die with the launcher (PR_SET_PDEATHSIG), so no worker
// outlives an interrupted run.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/dist/communicator.hpp"

namespace plexus::dist {

inline constexpr const char* kWorkerRankVariable = "PLEXUS_WORKER_RANK";
inline constexpr const char* kWorkerRanksVariable = "PLEXUS_WORKER_RANKS";
inline constexpr const char* kWorkerChannelVariable = "PLEXUS_WORKER_CHANNEL";

/// The running program's own path (/proc/self/exe), to launch copies of it.
std::string this_program();

/// The running program's arguments, argv[1] on (/proc/self/cmdline): what a program that
/// launches copies of itself passes them.
std::vector<std::string> this_arguments();

/// Runs `ranks` workers, each executing `program` with `arguments` (argv[1] on), and returns
/// once every one has exited with status 0. Otherwise throws the first failure, after killing
/// the other workers: "rank r: " and the worker's message (a message that already names a
/// rank, as an error agreed by every rank does, is kept as it is), with the worker's error
/// kind; or "rank r: exited with status s", "rank r: ended by signal SIGKILL (Killed)",
/// "rank r: cannot run PROGRAM: ...". Call it from the thread that lives as long as the run.
void run_workers(int ranks, const std::string& program, std::span<const std::string> arguments);

/// A launched worker's place in the run.
struct launched_rank {
  int rank = 0;
  int ranks = 1;
  int channel = -1;
};

/// This process's place when a launcher started it; nullopt when none did. Throws
/// plexus::error(invalid_argument) when the worker variables are present but malformed.
std::optional<launched_rank> launched_worker();

/// Tells the launcher that this worker failed, so that it ends the run with this message; the
/// caller exits next, with a nonzero status.
void report_failure(const launched_rank& me, error_kind kind, std::string_view message) noexcept;

/// The host communicator of a launched worker, over its launcher's rounds. Its abort reports
/// the failure to the launcher and ends this process with status 1.
std::unique_ptr<communicator> launcher_communicator(const launched_rank& me,
                                                    std::chrono::milliseconds timeout = kDefaultCommTimeout);

}  // namespace plexus::dist
