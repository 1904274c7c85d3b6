// plexus dsl: reading a program with its diagnostics, and running one function of it on a
// graph with the serial interpreter (dsl/interpreter.hpp), parameters given on the command
// line in the input's vertex ids, node properties written as a table.
#pragma once

#include <CLI/CLI.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "plexus/dsl/ast.hpp"
#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/source.hpp"
#include "run/run_support.hpp"

namespace plexus::cli {

/// A program read, parsed and checked. Every diagnostic was printed to standard error as
/// `file:line:column: error: ...` with its line and a caret.
struct checked_dsl_program {
  dsl::source_file file;
  dsl::program tree;
  dsl::checked_program types;
};

/// Reads, parses and checks `path`; prints the diagnostics and, after errors, "FILE: N errors"
/// and throws CLI::RuntimeError(1).
checked_dsl_program read_dsl_program(const std::filesystem::path& path);

struct dsl_run_options {
  std::filesystem::path program;
  load_request load;               // the graph: a file or kron:SCALE[:EDGEFACTOR]
  bool directed = false, undirected = false;
  std::string function;            // --function; empty: the program's only one
  std::vector<std::string> args;   // --arg NAME=VALUE
  std::vector<std::string> sets;   // --set NAME=ID,ID,...
  std::filesystem::path out;       // --out FILE
  std::string device = "interpreter";  // --device: the interpreter, or a back end (dsl/jit/compiled_run.hpp)
  std::vector<std::string> schedules;  // --schedule, for compiled runs
};

void add_dsl_run_options(CLI::App& run, dsl_run_options& options);
void run_dsl(const dsl_run_options& options);

}  // namespace plexus::cli
