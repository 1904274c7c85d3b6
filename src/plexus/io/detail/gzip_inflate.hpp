// Inflating gzip input in memory, within a size limit (see text_buffer.hpp for the limit).
//
// RFC 1952 streams, possibly several members back to back (what `cat a.gz b.gz` and pigz
// produce), inflated by zlib with automatic header detection. The output grows
// geometrically; the size stored in the gzip trailer is only a hint (it is the size modulo
// 2^32 and can lie), so it never sets the allocation alone, and no allocation ever exceeds
// the limit by more than one byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "plexus/core/progress.hpp"

namespace plexus::io::detail {

/// A byte array that grows by doubling, for inputs whose size is not known in advance.
struct byte_block {
  std::unique_ptr<char[]> data;
  std::size_t size = 0;
  std::size_t capacity = 0;

  /// Makes room for `want` bytes in all, keeping the first `size`.
  void reserve(std::size_t want);
};

/// The most a gzip input may inflate to, and whether the caller chose it (for the message).
struct inflate_limit {
  std::uint64_t bytes = 0;
  bool chosen = false;
};

/// Inflates every gzip member of in[0, n) into a new block. Throws plexus::error (parse)
/// naming `name` when the data is corrupt or truncated, or inflates past `limit`.
byte_block inflate_gzip(const unsigned char* in, std::size_t n, const std::string& name, inflate_limit limit,
                        const progress_fn& progress);

}  // namespace plexus::io::detail
