// plexus: the command-line tool.
//
// Commands register themselves (command.hpp), so main only builds the CLI11 tree from the
// registry, runs the default job when no command is named, and turns every error into one
// line on stderr and a distinct exit code:
//   0 success, 1 other failure, 2 bad usage, 3 invalid or unsupported input, 4 i/o failure;
//   CLI11's own parse errors keep CLI11's messages and exit codes.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <new>
#include <string>

#include "command.hpp"
#include "default_suite.hpp"
#include "generate.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/core/error.hpp"
#include "report.hpp"

#ifndef PLEXUS_VERSION_STRING
#define PLEXUS_VERSION_STRING "unknown"
#endif

namespace {

/// The default job: a Graph500-style Kronecker graph (scale 16, edge factor 16, seed 1), its
/// statistics, then every graph algorithm once on each available back end, so a new user
/// sees the whole pipeline run at once without any input file.
void run_default_job(bool json) {
  plexus::generators::kronecker_options options;
  options.scale = 16;
  options.edge_factor = 16;
  options.seed = 1;
  auto generated = plexus::cli::generate_kronecker(options);
  auto report = plexus::cli::graph_report(generated.graph, generated.source);
  if (json) {
    report["algorithms"] = plexus::cli::run_default_suite(generated.graph, true);
    plexus::cli::print_report(report, true);
  } else {
    plexus::cli::print_report(report, false);
    plexus::cli::run_default_suite(generated.graph, false);
  }
}

int exit_code(plexus::error_kind kind) {
  switch (kind) {
    case plexus::error_kind::invalid_argument: return 2;
    case plexus::error_kind::parse:
    case plexus::error_kind::unsupported: return 3;
    case plexus::error_kind::io: return 4;
    default: return 1;
  }
}

/// Prints "plexus: error: <message>" as exactly one line.
void print_error(std::string message) {
  for (char& c : message)
    if (c == '\n' || c == '\r') c = ' ';
  std::fflush(stdout);
  std::fprintf(stderr, "plexus: error: %s\n", message.c_str());
}

/// "plexus 0.1.0" and a line per back end of the list: compiled into this build or not, and
/// whether a device it drives is present.
std::string version_text() {
  std::string text = std::string("plexus ") + PLEXUS_VERSION_STRING + "\nback ends:";
  for (plexus::backend b : plexus::all_backends()) {
    const char* state = !plexus::backend_compiled(b)     ? "left out of this build"
                        : plexus::backend_available(b) ? "available"
                                                        : "compiled, no device present";
    text += fmt::format("\n  {:<5} {}", plexus::to_string(b), state);
  }
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    CLI::App app{"plexus: graph and hypergraph analytics. Without a command, generates a Kronecker graph "
                 "(scale 16, edge factor 16, seed 1), prints its statistics and runs every graph algorithm on it.",
                 "plexus"};
    app.set_version_flag("--version", version_text);
    app.require_subcommand(0, 1);
    bool json = false;
    app.add_flag("--json", json, "Default job: print the report as JSON");
    for (const auto& command : plexus::cli::command_registry())
      command.setup(*app.add_subcommand(command.name, command.description));
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return app.exit(e);
    }
    if (app.get_subcommands().empty()) run_default_job(json);
    std::fflush(stdout);
    if (std::ferror(stdout)) {
      print_error("cannot write to standard output");
      return 4;
    }
    return 0;
  } catch (const plexus::error& e) {
    print_error(e.what());
    return exit_code(e.kind());
  } catch (const std::bad_alloc&) {
    print_error("out of memory");
    return 1;
  } catch (const std::exception& e) {
    print_error(e.what());
    return 1;
  } catch (...) {
    print_error("unknown failure");
    return 1;
  }
}
