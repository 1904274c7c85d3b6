// The option parser's failures in the user's words. CLI11 words them for programmers, with its
// type names and internals ("--source: 1 required UINT missing", "Could not convert: --seed =
// x", "--trials: Value 0 not in range 0.000000 to 1797693134862315708..."); these read
// "--source needs a value (a non-negative integer)", "--seed must be a non-negative integer
// (got x)", "--trials must be a positive integer (got 0)". Every option's checks, whoever
// declares them, go through here, so commands keep using CLI11's own checks.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace plexus::cli {

/// The message of `failure`, found while parsing `argv` with `app`.
std::string parse_error_message(const CLI::App& app, const CLI::ParseError& failure, int argc,
                                const char* const* argv);

}  // namespace plexus::cli
