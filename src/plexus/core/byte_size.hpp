// Sizes in bytes as people write and read them: "12G", "512M", "1.5GiB" on the command line,
// "1.5 GiB" in reports. Suffixes are binary (K = 1024), as for memory.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace plexus {

/// "640 bytes", "12.0 MiB", "1.50 GiB".
std::string human_bytes(std::uint64_t bytes);

/// Parses "123", "64K", "512M", "12G", "1.5T" (optionally followed by "B" or "iB", any case)
/// into bytes. Throws plexus::error(invalid_argument) naming `what` and the text otherwise.
std::uint64_t parse_byte_size(std::string_view text, std::string_view what);

}  // namespace plexus
