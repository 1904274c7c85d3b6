// Where `plexus run` puts what it says and writes: the lines (standard output, or standard
// error when the result itself goes to standard output; none under --quiet and --json), the
// --out file, and the verdict. Shared by the single run (cmd_run.cpp) and the distributed
// one (run_distributed.cpp), whose rank 0 reports for the whole run.
#pragma once

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "common/held_lines.hpp"
#include "plexus/cli/run_report.hpp"

namespace plexus::cli {

/// Where run's lines go: `lines` gets the informational lines (null under --quiet and --json),
/// `failures` a failed verification's line.
struct run_streams {
  std::FILE* lines = stdout;
  std::FILE* failures = stdout;
};

/// What decides where the lines go.
struct output_choice {
  std::string out;  // --out, empty for none, "-" for standard output
  bool json = false, quiet = false;
};

/// Checks the output before any work (it must not be one of `inputs`) and decides where the
/// lines go.
run_streams plan_output(const output_choice& choice, std::span<const std::filesystem::path> inputs);

/// Prints the lines held so far, then the run's (or its JSON object, which `summary` begins),
/// and writes its output file; false when verification failed (its line printed), the
/// command's exit status then being 1.
bool report_run(const run_report& report, const std::string& algorithm, const output_choice& choice,
                const run_streams& streams, held_lines& lines, nlohmann::ordered_json& summary);

}  // namespace plexus::cli
