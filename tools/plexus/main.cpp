// plexus: the command-line tool.
//
// Commands register themselves (command.hpp), so main only builds the CLI11 tree from the
// registry, runs the default job when no command is named, and turns every error into one
// line on stderr and the exit status of error_output.hpp: 0 success, 2 a wrong command line
// (CLI11's parse errors included, reworded by parse_errors.hpp, with a hint where to read the
// usage), 1 any other failure; an interrupt removes unfinished outputs (interrupt.hpp). In an
// mpirun job a wrong command line is said by the first rank alone.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <new>
#include <string>

#include "common/backend_status.hpp"
#include "common/command.hpp"
#include "first_run/default_job.hpp"
#include "distributed/distributed_ranks.hpp"
#include "common/error_output.hpp"
#include "common/interrupt.hpp"
#include "common/parse_errors.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/core/error.hpp"
#include "plexus/dist/mpi.hpp"
#include "plexus/dist/nccl.hpp"
#include "plexus/io/input_files.hpp"
#include "common/unsigned_options.hpp"

#ifndef PLEXUS_VERSION_STRING
#define PLEXUS_VERSION_STRING "unknown"
#endif

namespace {

/// Whether the NCCL transport is built, and which library it loads here.
std::string nccl_status() {
#if PLEXUS_NCCL_ENABLED
  try {
    return "built, loads " + plexus::dist::nccl_library_version();
  } catch (const plexus::error& e) {
    return std::string("built, not loadable here: ") + e.what();
  }
#else
  return "left out of this build (needs the CUDA back end and nccl.h: -DPLEXUS_ENABLE_NCCL=ON)";
#endif
}

/// "plexus 0.1.0", a line per back end of the list: compiled into this build or not, and
/// whether a device it drives is present; and whether the distributed module's transports are
/// built: MPI, with the MPI library it uses, and NCCL, with the library it loads (the HIP back
/// end has no collectives: RCCL is not packaged in Debian).
std::string version_text() {
  std::string text = std::string("plexus ") + PLEXUS_VERSION_STRING + "\nback ends:";
  for (plexus::backend b : plexus::all_backends())
    text += fmt::format("\n  {:<5} {}", plexus::to_string(b), plexus::cli::backend_status(b));
  text += "\ndistributed transports:";
#if PLEXUS_MPI_ENABLED
  text += fmt::format("\n  {:<5} built ({})", "mpi", plexus::dist::mpi_library_version());
#else
  text += fmt::format("\n  {:<5} left out of this build (-DPLEXUS_ENABLE_MPI=ON)", "mpi");
#endif
  text += fmt::format("\n  {:<5} {}", "nccl", nccl_status());
  text += fmt::format("\n  {:<5} none for the hip back end (RCCL is not packaged in Debian)", "rccl");
  return text;
}

/// Whether this process says what is wrong with its command line: always, but in an mpirun job
/// only the first rank, as every rank has the same command line.
bool first_of_job() {
  return plexus::cli::launcher_rank().value_or(0) == 0;
}

}  // namespace

int main(int argc, char** argv) {
  plexus::cli::remove_outputs_on_interrupt();
  plexus::io::guard_inputs();
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
    plexus::cli::refuse_wrapping_unsigned_values(app);
    try {
      app.parse(argc, argv);
    } catch (const CLI::Success& e) {
      return app.exit(e);  // --help, --version
    } catch (const CLI::RuntimeError& e) {
      return e.get_exit_code();  // the command printed why (a failed verification)
    } catch (const CLI::ParseError& e) {
      if (first_of_job())
        plexus::cli::print_error(fmt::format("{}; {}", plexus::cli::parse_error_message(app, e, argc, argv),
                                             plexus::cli::usage_hint(app, argc, argv)));
      return plexus::cli::kExitUsage;
    } catch (const plexus::error& e) {
      // A wrong command line a command found itself (a value out of range, an option that does
      // not apply) ends with the same hint as the parser's.
      if (plexus::cli::exit_status(e.kind()) != plexus::cli::kExitUsage) throw;
      if (first_of_job())
        plexus::cli::print_error(fmt::format("{}; {}", e.what(), plexus::cli::usage_hint(app, argc, argv)));
      return plexus::cli::kExitUsage;
    }
    if (app.get_subcommands().empty()) plexus::cli::run_default_job(json, argv[0]);
    std::fflush(stdout);
    if (std::ferror(stdout)) {
      plexus::cli::print_error("cannot write to standard output");
      return plexus::cli::kExitFailure;
    }
    return 0;
  } catch (const plexus::error& e) {
    plexus::cli::print_error(e.what());
    return plexus::cli::exit_status(e.kind());
  } catch (const std::bad_alloc&) {
    plexus::cli::print_error("out of memory");
    return plexus::cli::kExitFailure;
  } catch (const std::exception& e) {
    plexus::cli::print_error(e.what());
    return plexus::cli::kExitFailure;
  } catch (...) {
    plexus::cli::print_error("unknown failure");
    return plexus::cli::kExitFailure;
  }
}
