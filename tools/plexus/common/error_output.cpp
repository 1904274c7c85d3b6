// Failure reports of the command line; see error_output.hpp.
#include "error_output.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "plexus/core/terminal_text.hpp"

namespace plexus::cli {

int exit_status(error_kind kind) {
  return kind == error_kind::invalid_argument ? kExitUsage : kExitFailure;
}

void print_error(std::string_view message) {
  std::fflush(stdout);
  std::fprintf(stderr, "plexus: error: %s\n", escape_for_terminal(message).c_str());
}

const CLI::App& named_command(const CLI::App& app, int argc, const char* const* argv) {
  const CLI::App* command = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word.starts_with('-')) continue;
    const CLI::App* next = nullptr;
    for (const CLI::App* sub : command->get_subcommands({}))
      if (sub->get_name() == word) next = sub;
    if (next == nullptr) break;
    command = next;
  }
  return *command;
}

std::string usage_hint(const CLI::App& app, int argc, const char* const* argv) {
  return usage_hint(named_command(app, argc, argv));
}

std::string usage_hint(const CLI::App& command) {
  std::string path;
  for (const CLI::App* c = &command; c != nullptr; c = c->get_parent())
    path = c->get_name() + (path.empty() ? "" : " ") + path;
  return fmt::format("see '{} --help'", path);
}

}  // namespace plexus::cli
