// plexus dsl check PROGRAM...: reads programs in StarPlat's graph language (docs/dsl.md),
// parses and checks each, and prints every diagnostic to standard error as
// `file:line:column: error: ...` with the line and a caret, then a line per program ("a.sp: no
// errors (1 function)" on standard output, "b.sp: 2 errors" on standard error); as compilers
// do, a program in error does not stop the check of the next, and the status is 1 when any
// error was found in any of them. plexus dsl compile PROGRAM: the program as a C++ header over
// Plexus's operators (dsl_compile.hpp). plexus dsl run PROGRAM GRAPH: runs a function of a
// checked program on a graph with the serial interpreter, the program's reference semantics
// (dsl_run.hpp).
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <vector>

#include "common/command.hpp"
#include "dsl_compile.hpp"
#include "dsl_run.hpp"
#include "common/error_output.hpp"
#include "plexus/core/error.hpp"

namespace plexus::cli {

namespace {

void setup_dsl(CLI::App& sub) {
  sub.require_subcommand(1);
  CLI::App* check = sub.add_subcommand("check", "Parse and check programs; print every diagnostic of each");
  auto paths = std::make_shared<std::vector<std::filesystem::path>>();
  check->add_option("program", *paths, "The programs (.sp), one or more")->required();
  check->callback([paths] {
    bool failed = false;
    for (const std::filesystem::path& path : *paths) {
      try {
        const checked_dsl_program program = read_dsl_program(path);
        fmt::print("{}: no errors ({} function{})\n", program.file.name(), program.tree.functions.size(),
                   program.tree.functions.size() == 1 ? "" : "s");
        std::fflush(stdout);  // before the next program's diagnostics, in the order given
      } catch (const CLI::RuntimeError&) {
        failed = true;  // its diagnostics and their count are printed
      } catch (const error& e) {
        print_error(e.what());  // missing, a folder, no function: one line, then the next program
        failed = true;
      }
    }
    if (failed) throw CLI::RuntimeError(kExitFailure);
  });
  CLI::App* compile = sub.add_subcommand(
      "compile", "Compile a program to a C++ header over Plexus's operators, for every back end (or print its IR)");
  auto compiling = std::make_shared<dsl_compile_options>();
  add_dsl_compile_options(*compile, *compiling);
  compile->callback([compiling] { compile_dsl(*compiling); });
  CLI::App* run = sub.add_subcommand(
      "run", "Run a function of a program on a graph with the serial interpreter (the reference semantics)");
  auto options = std::make_shared<dsl_run_options>();
  add_dsl_run_options(*run, *options);
  run->callback([options] { run_dsl(*options); });
}

}  // namespace

PLEXUS_COMMAND(
    "dsl",
    "Graph programs in StarPlat's language: check them, compile one for Plexus's back ends, or run it with "
    "the interpreter (docs/dsl.md)",
    setup_dsl);

}  // namespace plexus::cli
