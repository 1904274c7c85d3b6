// `plexus run NAME GRAPH --distributed`: one run over the ranks of an mpirun job
// (`mpirun -np 4 plexus run bfs g.plx --distributed`), or over one rank without mpirun (the
// self communicator), for every algorithm whose adaptor runs distributed
// (cli/distributed_run.hpp).
//
// GRAPH is a .plx file, of which each rank reads only its slice (dist/plx_slice.hpp), or
// kron:SCALE[:EDGEFACTOR], of which each rank draws its share (dist/kronecker_slice.hpp); a
// text format is refused with the command that converts it. Rank 0 prints the single run's
// lines, with the ranks, the time spent communicating and the bytes exchanged, and writes
// --out gathered from every rank in the input's ids, the same file a single run writes;
// --out-per-rank NAME has every rank write NAME.rankR, its own vertices only. --validate
// loads the whole graph on rank 0 and runs the serial verifier on the gathered result.
//
// Errors: a wrong command line is the same on every rank and refused before MPI starts (rank
// 0 alone prints it). A fault one rank finds in a stage the ranks take together (checking the
// outputs, loading, uploading, an algorithm's checks, writing) is agreed on: rank 0 prints one
// line naming the rank and the stage, and every rank exits with the same status; a problem
// every rank meets alike (a source that is no vertex, an option the algorithm refuses) is no
// rank's, and rank 0 prints it as a single run does. A fault inside the run's exchanges ends
// the job (communicator::abort). Every collective waits at most --comm-timeout seconds.
#pragma once

#include <optional>
#include <string>

#include "plexus/cli/algorithm_command.hpp"

namespace plexus::cli {

struct distributed_arguments {
  algorithm_command* algorithm = nullptr;
  std::string graph;             // GRAPH: a .plx file or a kron: spec ("" is kron:16:16)
  std::string format;            // --format: "" or plx
  std::optional<bool> directed;  // --directed / --undirected
  std::string device = "host";
  bool validate = false, json = false, quiet = false;
  std::string out, out_per_rank;  // --out, --out-per-rank
  double comm_timeout_seconds = 600;
  int gpus = 0;            // --gpus N: this run starts N ranks, one per GPU (0: started by mpirun, or one)
  std::string transport;   // --transport: mpi, nccl, or "" to choose (NCCL for CUDA over several ranks)
  std::string usage_hint;  // "see 'plexus run bfs --help'", ending a refusal of the command line
};

/// This process's rank in an mpirun job, from the launcher's environment; nullopt when it was
/// not started by one.
std::optional<int> launcher_rank();

/// Runs `args.algorithm` distributed and reports; throws as described above.
void run_distributed(const distributed_arguments& args);

}  // namespace plexus::cli
