// The back ends a command runs on (--device), checked before any work: a back end this build
// left out, or one whose device is absent, is refused with one line that says which and what
// to do instead (exit status 1: the command line is right, the machine or build is not).
#pragma once

#include <string>
#include <vector>

#include "plexus/backends/backend.hpp"

namespace plexus::cli {

/// The back end named `name`, available here; throws plexus::error(unsupported) otherwise.
backend chosen_device(const std::string& name);
/// The back ends named, each available here; every available one when `names` is empty.
std::vector<backend> chosen_devices(const std::vector<std::string>& names);
/// As chosen_devices, but a back end named that cannot run here is kept, not refused: the
/// platforms of `plexus bench --portability`, where one that cannot run the algorithms makes
/// their performance portability 0 rather than leaving the set.
std::vector<backend> named_devices(const std::vector<std::string>& names);

}  // namespace plexus::cli
