// The subcommand registry declared in command.hpp. A function-local static, so commands
// registering from other translation units' static initialisers never see it unconstructed.
#include "command.hpp"

namespace plexus::cli {

std::vector<command_entry>& command_registry() {
  static std::vector<command_entry> registry;
  return registry;
}

}  // namespace plexus::cli
