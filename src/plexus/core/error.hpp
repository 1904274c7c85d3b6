// plexus::error: the one exception type of the library.
//
// Every error carries a kind (so callers and the CLI can react) and a message a user can act
// on. Errors about input files name the file and line: "road.mtx:17: column index 90001
// exceeds declared 90000 columns".
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace plexus {

enum class error_kind {
  invalid_argument,  // a caller passed something outside the documented range
  parse,             // an input file is malformed
  io,                // a file could not be opened, read or written
  out_of_memory,     // an allocation (host or device) could not be satisfied
  unsupported,       // a valid request this build or format cannot serve
  device,            // a device runtime call failed
  internal,          // a broken invariant inside Plexus (a bug)
  interrupted,       // the caller asked the run to stop (core/stop_request.hpp)
};

/// Short lower-case name of an error kind ("parse", "io", ...).
std::string_view to_string(error_kind kind) noexcept;

class error : public std::runtime_error {
 public:
  error(error_kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  error_kind kind() const noexcept { return kind_; }

 private:
  error_kind kind_;
};

/// Throws a parse error worded "file:line: what". Line numbers are 1-based; 0 omits the line.
[[noreturn]] void throw_parse_error(std::string_view file, std::size_t line, std::string_view what);

/// Throws an io error worded "file: what".
[[noreturn]] void throw_io_error(std::string_view file, std::string_view what);

}  // namespace plexus
