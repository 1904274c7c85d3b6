// What the command line says about each back end of the list: whether this build has it and
// whether a device it drives is present (`plexus --version`, the default job).
#pragma once

#include <string>

#include "plexus/backends/backend.hpp"

namespace plexus::cli {

/// "available", "compiled, no device present" or "left out of this build".
std::string backend_status(backend b);

}  // namespace plexus::cli
