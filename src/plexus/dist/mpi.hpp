// The MPI transport of the distributed module: whether this build has it, the process's MPI
// session and the communicator over every process of an `mpirun` job.
//
// Built with -DPLEXUS_ENABLE_MPI (cmake/PlexusMpi.cmake); only the files dist/mpi_*.cpp
// include <mpi.h>, so nothing else needs MPI's headers to compile. The communicator follows
// the rules of communicator.hpp: it works on a duplicate of MPI_COMM_WORLD whose error
// handler returns errors (MPI_ERRORS_RETURN), so an MPI error becomes a message naming the
// rank, the operation and its number instead of a bare exit; every collective is non-blocking
// and waited on in a test loop with a deadline; counts are split so that no call carries
// more than max_message_bytes (Open MPI 4.1 counts and displacements are `int`, so a message
// over 2^31 elements would not fit one call). ULFM's recovery is not in Debian's Open MPI
// 4.1: a fault inside a run aborts the job (communicator::abort -> MPI_Abort).
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

#include "plexus/dist/communicator.hpp"
#include "plexus/dist/mpi_build.hpp"

namespace plexus::dist {

/// Whether this build includes the MPI transport.
inline constexpr bool mpi_built = PLEXUS_MPI_ENABLED != 0;

#if PLEXUS_MPI_ENABLED
/// The MPI library's own name and version up to its first comma ("Open MPI v4.1.4").
std::string mpi_library_version();

struct mpi_options {
  /// How long one collective may wait for the other ranks.
  std::chrono::milliseconds timeout = kDefaultCommTimeout;
  /// The most bytes one MPI call carries; larger collectives are split into several calls.
  std::size_t max_message_bytes = std::size_t{1} << 30;
};

/// MPI for this process: initialised when constructed (unless the program did it already)
/// and finalised when destroyed. Only the thread that made it calls MPI (MPI_THREAD_FUNNELED:
/// OpenMP threads never do). Communicators it makes must be destroyed before it is. After a
/// collective failed, end the job with communicator::abort rather than by destroying the
/// session: MPI_Finalize may wait for the failed operation.
class mpi_session {
 public:
  mpi_session(int& argc, char**& argv);
  mpi_session(const mpi_session&) = delete;
  mpi_session& operator=(const mpi_session&) = delete;
  ~mpi_session();

  /// Every process of the job, in MPI_COMM_WORLD's order.
  std::unique_ptr<communicator> world(const mpi_options& options = {}) const;

  /// This process's place among the job's processes on its own host (MPI_Comm_split_type,
  /// MPI_COMM_TYPE_SHARED): its rank there, the GPU it drives when each host runs one process
  /// per GPU, and how many processes share the host. Every process of the job calls it (a
  /// collective on MPI_COMM_WORLD).
  struct host_place {
    int rank = 0;
    int ranks = 1;
  };
  host_place place_on_host() const;

 private:
  bool finalize_ = false;
};
#endif

}  // namespace plexus::dist
