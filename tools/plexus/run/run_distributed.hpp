// `plexus run NAME GRAPH --distributed`: one run over the ranks of an mpirun job
// (`mpirun -np 4 plexus run bfs g.plx --distributed`), or over one rank without mpirun (the
// self communicator), for every algorithm whose adaptor runs distributed
// (cli/distributed_run.hpp).
//
// GRAPH is a .plx file or a kron: spec (distributed_input.hpp). Rank 0 prints the single run's
// lines, with the ranks, the time spent communicating and the bytes exchanged, and writes
// --out gathered from every rank in the input's ids, the same file a single run writes;
// --out-per-rank NAME has every rank write NAME.rankR, its own vertices only. --validate
// loads the whole graph on rank 0 and runs the serial verifier on the gathered result. Errors
// are those of every distributed command (distributed_ranks.hpp).
#pragma once

#include <string>

#include "distributed/distributed_ranks.hpp"
#include "plexus/cli/algorithm_command.hpp"

namespace plexus::cli {

struct distributed_arguments {
  distributed_settings settings;
  algorithm_command* algorithm = nullptr;
  bool validate = false, json = false, quiet = false;
  std::string out, out_per_rank;  // --out, --out-per-rank
};

/// Refuses, as every rank would, an algorithm that does not run distributed, naming those that do.
void refuse_undistributed(const algorithm_command& algorithm);

/// Runs `args.algorithm` distributed and reports; throws as distributed_ranks.hpp describes.
void run_distributed(const distributed_arguments& args);

}  // namespace plexus::cli
