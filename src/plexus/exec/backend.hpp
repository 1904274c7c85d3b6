// Back ends a graph and an algorithm can run on, by name.
//
// The enum is what users and the CLI choose with (--device host|cuda); execution-space types
// (exec::host, exec::cuda in exec/space.hpp) are what templates are instantiated over.
#pragma once

#include <string>
#include <string_view>

namespace plexus {

enum class backend { host, cuda };

/// "host" or "cuda".
std::string_view to_string(backend b);
/// Inverse of to_string; throws plexus::error(invalid_argument) naming the valid choices.
backend parse_backend(std::string_view name);
/// host: always. cuda: compiled in and at least one device is present.
bool backend_available(backend b);
/// Human-readable device, e.g. "OpenMP, 2 threads" or "NVIDIA H100 80GB HBM3".
std::string backend_device_name(backend b);

}  // namespace plexus
