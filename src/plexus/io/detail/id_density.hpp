// Guard against ids so sparse that building would allocate far more than the file holds.
//
// Formats whose vertex count is the largest id (ids kept as in the file) let a tiny file name
// vertex 4,000,000,000 and so ask for tens of gigabytes of offsets, almost all for isolated
// vertices. Past kSparseIdVertexFloor vertices, a count beyond kSparseIdRatio per entry is
// refused with a message that says how to fix such a file. Readers of id lists renumber the
// ids that occur, so this guards the formats that declare a vertex count (and callers that
// turn renumbering off).
//
// The floor, 2^22 vertices, keeps the cost of an accepted file small whatever it holds: 32 MiB
// of offsets and a short build, also in the sanitizer-built fuzzers, where at the earlier
// floor of 2^26 a handful of pins took far too long to build (docs/performance/io.md,
// "Sparse ids refused past 2^22 vertices"). Past it a file must hold at least one entry per
// kSparseIdRatio vertices, so the build stays proportional to the file.
#pragma once

#include <cstdint>
#include <string>

#include "plexus/core/error.hpp"

namespace plexus::io::detail {

inline constexpr std::uint64_t kSparseIdVertexFloor = std::uint64_t{1} << 22;
inline constexpr std::uint64_t kSparseIdRatio = 64;

inline void check_id_density(const std::string& file, std::uint64_t num_vertices, std::uint64_t entries,
                             const char* entry_name) {
  if (num_vertices <= kSparseIdVertexFloor || num_vertices <= kSparseIdRatio * entries) return;
  throw_parse_error(file, 0,
                    std::to_string(num_vertices) + " vertices declared or named, but the file holds only " +
                        std::to_string(entries) + " " + entry_name +
                        ": refusing to allocate so many isolated vertices; fix the declared vertex count, or "
                        "renumber the ids");
}

}  // namespace plexus::io::detail
