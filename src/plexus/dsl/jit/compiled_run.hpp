// A DSL program compiled by the Plexus back end (emit_cpp.hpp) and run as a program of its own,
// for `plexus dsl run --device` and the Python package's plexus.dsl.run(device=...). The
// function's header and its runner (emit_runner.hpp) are built with the toolchain Plexus was
// configured with (toolchain.hpp.in), against the installed Plexus beside the running
// executable or the build tree the library came from, once per program text and back end: the
// build is kept in a cache folder named by the hash of what was built ($PLEXUS_CACHE_DIR, else
// $XDG_CACHE_HOME/plexus, else ~/.cache/plexus), so a second run of the same program starts at
// once. The graph goes to the runner as a .plx file in a temporary folder, removed afterwards.
#pragma once

#include <string>

#include "plexus/backends/backend.hpp"
#include "plexus/dsl/ast.hpp"
#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/interpreter.hpp"
#include "plexus/dsl/schedule.hpp"
#include "plexus/dsl/source.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::dsl {

struct compiled_run {
  run_outputs outputs;
  double seconds = 0;        // the generated function, on the device
  double build_seconds = 0;  // compiling it (0 when the cache had it)
  std::string cache;         // the folder of the build
};

/// Runs `f` of the checked program `tree` (read from `file`, its types `types`) on `graph` on
/// back end `where`; throws plexus::error naming the build log when the build fails, when the
/// back end cannot run programs (hip), and of kind parse, at the program's place, when the
/// program faults as the interpreter would report it.
compiled_run run_compiled(const program& tree, const checked_program& types, const source_file& file,
                          const function& f, const csr_graph& graph, const run_inputs& inputs, backend where,
                          const schedule& plan = {});

}  // namespace plexus::dsl
