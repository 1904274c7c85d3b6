// plexus dsl check PROGRAM: reads a program in StarPlat's graph language (docs/dsl.md),
// parses and checks it, and prints every diagnostic to standard error as
// `file:line:column: error: ...` with the line and a caret; the status is 1 when any error
// was found. The checks run once the program parses: on a partial tree they would report
// what the syntax errors left out.
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <memory>

#include "command.hpp"
#include "error_output.hpp"
#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/diagnostics.hpp"
#include "plexus/dsl/parser.hpp"
#include "plexus/dsl/source.hpp"

namespace plexus::cli {

namespace {

void run_check(const std::filesystem::path& path) {
  const dsl::source_file file = dsl::source_file::read(path);
  dsl::diagnostics problems(file);
  const dsl::program tree = dsl::parse(file, problems);
  if (!problems.has_errors()) dsl::check(tree, problems);
  std::fputs(problems.render_all().c_str(), stderr);
  if (problems.has_errors()) {
    fmt::print(stderr, "{}: {} error{}\n", file.name(), problems.errors(), problems.errors() == 1 ? "" : "s");
    throw CLI::RuntimeError(kExitFailure);
  }
  fmt::print("{}: no errors ({} function{})\n", file.name(), tree.functions.size(),
             tree.functions.size() == 1 ? "" : "s");
}

void setup_dsl(CLI::App& sub) {
  sub.require_subcommand(1);
  CLI::App* check = sub.add_subcommand("check", "Parse and check a program; print every diagnostic");
  auto path = std::make_shared<std::filesystem::path>();
  check->add_option("program", *path, "The program (.sp)")->required();
  check->callback([path] { run_check(*path); });
}

}  // namespace

PLEXUS_COMMAND("dsl", "Graph programs in StarPlat's language: check one (docs/dsl.md)", setup_dsl);

}  // namespace plexus::cli
