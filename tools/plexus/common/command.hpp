// Registry of plexus subcommands: each command lives in its own cmd_<name>.cpp and registers
// itself with PLEXUS_COMMAND, so adding a command never touches main.cpp.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace plexus::cli {

/// Adds the command's options to `sub` and sets its callback. Callbacks report failure by
/// throwing plexus::error; main() prints it as one line and exits nonzero.
using command_setup = void (*)(CLI::App& sub);

struct command_entry {
  std::string name;
  std::string description;
  command_setup setup;
};

std::vector<command_entry>& command_registry();

struct command_registration {
  command_registration(const char* name, const char* description, command_setup setup) {
    command_registry().push_back({name, description, setup});
  }
};

}  // namespace plexus::cli

#define PLEXUS_COMMAND_CONCAT_(a, b) a##b
#define PLEXUS_COMMAND_CONCAT(a, b) PLEXUS_COMMAND_CONCAT_(a, b)
/// Registers a subcommand: PLEXUS_COMMAND("info", "Print graph statistics", setup_info);
#define PLEXUS_COMMAND(name, description, setup) \
  static ::plexus::cli::command_registration PLEXUS_COMMAND_CONCAT(plexus_command_, __LINE__)(name, description, setup)
