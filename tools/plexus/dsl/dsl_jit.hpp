// plexus dsl run --device BACKEND: a program compiled by the Plexus back end and run as a
// program of its own. The function's header (dsl/emit_cpp.hpp) and its runner
// (dsl/emit_runner.hpp) are built with the toolchain Plexus was configured with, against the
// installed Plexus (or the build tree it came from), once per program text and back end: the
// build is kept in a cache folder named by the hash of what was built ($PLEXUS_CACHE_DIR, else
// $XDG_CACHE_HOME/plexus, else ~/.cache/plexus), so a second run of the same program starts at
// once. The graph goes to the runner as a .plx file in a temporary folder, removed afterwards.
#pragma once

#include <string>

#include "dsl_run.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/dsl/interpreter.hpp"
#include "plexus/dsl/schedule.hpp"

namespace plexus::cli {

struct compiled_run {
  dsl::run_outputs outputs;
  double seconds = 0;       // the generated function, on the device
  double build_seconds = 0; // compiling it (0 when the cache had it)
  std::string cache;        // the folder of the build
};

/// Runs `f` of `program` on `graph` on back end `where`; throws plexus::error naming the
/// build log when the build fails, and when the back end cannot run programs (hip).
compiled_run run_compiled(const checked_dsl_program& program, const dsl::function& f, const csr_graph& graph,
                          const dsl::run_inputs& inputs, backend where, const dsl::schedule& plan = {});

}  // namespace plexus::cli
