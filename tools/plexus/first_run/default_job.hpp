// What `plexus` does without a command: a Graph500-style Kronecker graph (scale 16, edge
// factor 16, seed 1), its statistics and the back ends this build has, every graph algorithm
// once on each available back end (default_suite.hpp), then the commands to try next
// (next_commands.hpp), so a new user sees the whole pipeline run without any input file.
#pragma once

#include <string>

namespace plexus::cli {

/// Prints the default job's report, as JSON when `json` (without the suggestions); `program`
/// is how plexus was invoked (argv[0]), which the suggested commands start with.
void run_default_job(bool json, const std::string& program);

}  // namespace plexus::cli
