// What every distributed command (`plexus run NAME GRAPH --distributed`, `plexus bench
// --distributed`) does alike around its own work: the settings it reads (the input, the back
// end, how the ranks start and talk), the refusals every rank makes before MPI starts, starting
// the ranks (mpirun's, the workers --gpus starts, or this process alone), and ending every rank
// the same way when one fails.
//
// Errors: a wrong command line is the same on every rank and refused before MPI starts (rank
// 0 alone prints it). A fault one rank finds in a stage the ranks take together (checking the
// outputs, loading, uploading, an algorithm's checks, writing) is agreed on: rank 0 prints one
// line naming the rank and the stage, and every rank exits with the same status; a problem
// every rank meets alike (a source that is no vertex, an option the algorithm refuses) is no
// rank's, and rank 0 prints it as a single run does. A fault inside the run's exchanges ends
// the job (communicator::abort). Every collective waits at most --comm-timeout seconds.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "common/held_lines.hpp"
#include "plexus/dist/communicator.hpp"

namespace plexus::cli {

struct distributed_settings {
  std::string graph;             // GRAPH: a .plx file or a kron: spec ("" is kron:16:16)
  std::string format;            // --format: "" or plx
  std::optional<bool> directed;  // --directed / --undirected
  std::string device = "host";
  double comm_timeout_seconds = 600;
  int gpus = 0;            // --gpus N: the command starts N ranks, one per GPU (0: started by mpirun, or one)
  std::string transport;   // --transport: mpi, nccl, or "" to choose (NCCL for CUDA over several ranks)
  std::string usage_hint;  // "see 'plexus run bfs --help'", ending a refusal of the command line
};

/// This process's rank in an mpirun job, from the launcher's environment; nullopt when it was
/// not started by one.
std::optional<int> launcher_rank();

/// Refuses, as every rank would, settings no rank can run with: an input other than a .plx file
/// or a kron: spec, a transport or --gpus the back end or the build cannot serve.
void refuse_settings(const distributed_settings& settings);

/// What a rank's work tells the error handling as it goes.
struct rank_state {
  std::string stage = "starting";  // what the ranks are doing, for errors: "loading g.plx"
  /// Rank 0's report lines, held while the command may still be refused (held_lines.hpp);
  /// released when it fails while running, dropped when it is refused.
  std::unique_ptr<held_lines> lines;
};

/// One rank's work, once the ranks are connected: `transport` is the Transport line.
using rank_work =
    std::function<void(dist::communicator& comm, const std::string& transport, rank_state& state)>;

/// Runs a distributed command: `refuse()` first, on every rank alike (the first rank of the
/// job says what it throws), then, under --gpus, the launcher of the workers; in a rank, the
/// communicators and `work`, its faults ended as described above.
void run_ranks(const distributed_settings& settings, const std::function<void()>& refuse,
               const rank_work& work);

}  // namespace plexus::cli
