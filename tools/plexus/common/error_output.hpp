// How the command line reports a failure: one line on standard error, "plexus: error: ...",
// safe to show whatever bytes the message carries, and the exit status of its kind.
//
// Exit status: 0 success; 2 the command line is wrong (an unknown command or option, a value
// outside its range, an option that does not apply): the line ends with where to read the
// usage; 1 anything that fails while running (an unreadable or malformed input, an input the
// algorithm cannot take, no device, out of memory, a failed verification).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

#include "plexus/core/error.hpp"

namespace plexus::cli {

inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

/// The exit status of a plexus::error of this kind.
int exit_status(error_kind kind);

/// Prints "plexus: error: <message>" as exactly one line on standard error.
void print_error(std::string_view message);

/// The deepest command `argv` names below `app` (`plexus run bfs -s 3`: bfs).
const CLI::App& named_command(const CLI::App& app, int argc, const char* const* argv);

/// "see 'plexus run bfs --help'": the help of the deepest command `argv` names.
std::string usage_hint(const CLI::App& app, int argc, const char* const* argv);
/// The same for `command` itself.
std::string usage_hint(const CLI::App& command);

}  // namespace plexus::cli
