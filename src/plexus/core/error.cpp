#include "plexus/core/error.hpp"

namespace plexus {

std::string_view to_string(error_kind kind) noexcept {
  switch (kind) {
    case error_kind::invalid_argument: return "invalid argument";
    case error_kind::parse: return "parse";
    case error_kind::io: return "io";
    case error_kind::out_of_memory: return "out of memory";
    case error_kind::unsupported: return "unsupported";
    case error_kind::device: return "device";
    case error_kind::internal: return "internal";
    case error_kind::interrupted: return "interrupted";
  }
  return "unknown";
}

void throw_parse_error(std::string_view file, std::size_t line, std::string_view what) {
  std::string message(file);
  if (line != 0) {
    message += ':';
    message += std::to_string(line);
  }
  message += ": ";
  message += what;
  throw error(error_kind::parse, message);
}

void throw_io_error(std::string_view file, std::string_view what) {
  std::string message(file);
  message += ": ";
  message += what;
  throw error(error_kind::io, message);
}

}  // namespace plexus
