// plexus dsl check PROGRAM: reads a program in StarPlat's graph language (docs/dsl.md),
// parses and checks it, and prints every diagnostic to standard error as
// `file:line:column: error: ...` with the line and a caret; the status is 1 when any error
// was found. plexus dsl compile PROGRAM: the program as a C++ header over Plexus's operators
// (dsl_compile.hpp). plexus dsl run PROGRAM GRAPH: runs a function of a checked program on a graph
// with the serial interpreter, the program's reference semantics (dsl_run.hpp).
#include <fmt/format.h>

#include <filesystem>
#include <memory>

#include "command.hpp"
#include "dsl_compile.hpp"
#include "dsl_run.hpp"

namespace plexus::cli {

namespace {

void setup_dsl(CLI::App& sub) {
  sub.require_subcommand(1);
  CLI::App* check = sub.add_subcommand("check", "Parse and check a program; print every diagnostic");
  auto path = std::make_shared<std::filesystem::path>();
  check->add_option("program", *path, "The program (.sp)")->required();
  check->callback([path] {
    const checked_dsl_program program = read_dsl_program(*path);
    fmt::print("{}: no errors ({} function{})\n", program.file.name(), program.tree.functions.size(),
               program.tree.functions.size() == 1 ? "" : "s");
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

PLEXUS_COMMAND("dsl",
               "Graph programs in StarPlat's language: check one, compile it for Plexus's back ends, or run it with "
               "the interpreter (docs/dsl.md)",
               setup_dsl);

}  // namespace plexus::cli
