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

}  // namespace plexus::cli
