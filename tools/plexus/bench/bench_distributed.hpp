// `plexus bench --distributed`: the distributed algorithms timed over the ranks of an mpirun
// job (`mpirun -np 4 plexus bench --graph g.plx --distributed`), over the workers --gpus N
// starts (one per CUDA GPU), or over one rank without either, against the single-device run
// of the same algorithm in the same call.
//
// Every rank loads its slice of each --graph once (a .plx file or a kron: spec,
// distributed_input.hpp) and builds its local graph in each list order the algorithms need;
// rank 0 also loads the whole graph and uploads it, for the single-device baseline, unless
// --no-baseline (for graphs one rank cannot hold), and for --validate. The single-source
// algorithms draw their sources over the ranks, the ones a single bench draws
// (cli/sources_dist.hpp). Then for each algorithm (every one that runs distributed, unless
// --algorithm names some) bench_distributed_trials.hpp runs the baseline on rank 0 while the
// others wait, then the distributed trials, checks every result and prints, on rank 0, bench's
// lines and --json's rows (docs/json/bench.schema.json). Errors are those of every distributed
// command (distributed_ranks.hpp); a result that fails its check makes every rank exit with
// status 1.
#pragma once

#include <CLI/CLI.hpp>

#include "bench_options.hpp"

namespace plexus::cli {

/// Runs the distributed bench `args` describe; `bench` is the command whose options they are.
void bench_distributed(const CLI::App& bench, const bench_arguments& args);

}  // namespace plexus::cli
