// The errors of a SIMT back end's runtime calls, worded alike for every vendor: a failed call
// names itself, the source file and line that made it and the runtime's message; a failed
// allocation names the requested and the free amount.
#pragma once

#include <cstddef>
#include <string>

#include "plexus/backends/simt/vendor.hpp"
#include "plexus/core/error.hpp"

namespace plexus::backends {

[[noreturn]] inline void throw_runtime_error(bool out_of_memory, const char* call, call_site where,
                                             const char* status_name, const char* status_text) {
  throw error(out_of_memory ? error_kind::out_of_memory : error_kind::device,
              std::string(where.file_name()) + ":" + std::to_string(where.line()) + ": " + call + " failed: " +
                  status_name + " (" + status_text + ")");
}

inline std::string mebibytes(std::size_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB"; }

[[noreturn]] inline void throw_out_of_device_memory(const char* backend, std::size_t requested,
                                                    std::size_t free_bytes, std::size_t total_bytes) {
  throw error(error_kind::out_of_memory, std::string(backend) + ": out of device memory: requested " +
                                             std::to_string(requested) + " bytes (" + mebibytes(requested) + "), " +
                                             mebibytes(free_bytes) + " free of " + mebibytes(total_bytes));
}

}  // namespace plexus::backends
