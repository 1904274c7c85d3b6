// The host threads of one rank, when several ranks share a machine.
//
// The workers `--gpus N` starts, and the ranks of an mpirun job told not to bind
// (`--bind-to none`), each see every core of the machine: left alone, OpenMP would start one
// thread per core in each, N ranks running N times as many threads as there are cores, and
// loading the graph (the part of a GPU run that runs on the host) would slow down as ranks are
// added. A rank that sees the whole machine takes its share of the cores instead. OMP_NUM_THREADS,
// when set, is the user's choice; a rank that mpirun bound to some cores already holds its share.
#pragma once

namespace plexus::dist {

/// Sets this rank's OpenMP threads to its share of the machine's cores when it sees them all
/// and OMP_NUM_THREADS is unset; `ranks_on_machine`: the ranks of the run on this machine.
/// Returns the threads the rank runs.
int share_cores(int ranks_on_machine);

}  // namespace plexus::dist
