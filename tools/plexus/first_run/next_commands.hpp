// The commands the default job suggests at its end: each runs as printed (GRAPH stands for
// the user's own file), and one that this build or machine cannot run (a GPU without its
// back end or device, a DSL example without the source tree) is not offered.
#pragma once

#include <cstdint>
#include <string>

namespace plexus::cli {

/// Prints under "Next:" the suggestions, aligned, each followed by a shell comment saying what
/// it shows, for `program` (argv[0]) and the default job's source vertex (its input id), which
/// the DSL example starts from as the suite's traversals did; where no GPU back end has a
/// device, a line instead says so.
void print_next_commands(const std::string& program, std::uint64_t source);

}  // namespace plexus::cli
