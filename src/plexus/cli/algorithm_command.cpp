// The algorithm registry of the command line; see algorithm_command.hpp.
#include "plexus/cli/algorithm_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "plexus/cli/distributed_run.hpp"
#include "plexus/core/error.hpp"

namespace plexus::cli {

namespace {

// A function-local static: algorithms register from other translation units' static
// initialisers, which may run before this file's.
std::vector<algorithm_command*>& registry() {
  static std::vector<algorithm_command*> commands;
  return commands;
}

}  // namespace

algorithm_command::algorithm_command(std::string name, std::string summary, input_kind input, int position,
                                     bool single_source)
    : name_(std::move(name)),
      summary_(std::move(summary)),
      input_(input),
      position_(position),
      single_source_(single_source) {}

void algorithm_command::add_run_options(CLI::App&, load_settings&) {}

distributed_report algorithm_command::run_distributed(const distributed_request&) {
  throw error(error_kind::internal, name_ + " does not run distributed");
}
void algorithm_command::add_bench_options(CLI::App&) {}

std::vector<algorithm_command*> registered_algorithms() {
  std::vector<algorithm_command*> commands = registry();
  std::stable_sort(
      commands.begin(), commands.end(),
      [](const algorithm_command* a, const algorithm_command* b) { return a->position() < b->position(); });
  return commands;
}

std::vector<std::string> algorithm_names() {
  std::vector<std::string> names;
  for (const algorithm_command* command : registered_algorithms()) names.push_back(command->name());
  return names;
}

std::vector<std::string> distributed_algorithm_names() {
  std::vector<std::string> names;
  for (const algorithm_command* command : registered_algorithms())
    if (command->distributed_lists()) names.push_back(command->name());
  return names;
}

algorithm_command& find_algorithm(std::string_view name) {
  for (algorithm_command* command : registry())
    if (command->name() == name) return *command;
  throw error(error_kind::invalid_argument, fmt::format("unknown algorithm '{}': choose one of {}", name,
                                                        fmt::join(algorithm_names(), ", ")));
}

algorithm_registration::algorithm_registration(algorithm_command& command) {
  for (const algorithm_command* existing : registry())
    if (existing->name() == command.name())
      throw error(error_kind::internal, "two algorithms register the name " + command.name());
  registry().push_back(&command);
}

run_report iterative_report(double seconds, std::uint64_t iterations) {
  run_report report;
  report.seconds = seconds;
  report.iterations = static_cast<int>(iterations);
  report.lines.emplace_back("Iterations", fmt::format("{}", iterations));
  return report;
}

}  // namespace plexus::cli
