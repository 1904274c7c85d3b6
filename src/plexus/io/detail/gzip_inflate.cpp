// gzip inflation within a limit; see gzip_inflate.hpp.
#include "gzip_inflate.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstring>

#include "plexus/core/error.hpp"
#include "text_buffer.hpp"

namespace plexus::io::detail {
namespace {

constexpr std::size_t kInflateBlock = std::size_t{16} << 20;  // compressed bytes per zlib call

[[noreturn]] void over_limit(const std::string& name, std::size_t compressed, inflate_limit limit) {
  std::string what = "gzip data inflates to more than " + byte_size_text(limit.bytes);
  if (limit.chosen) {
    what += ", the limit --max-inflate sets; raise it if the file is genuine";
  } else {
    what += ", the limit for " + byte_size_text(compressed) +
            " of compressed input (100 times its size plus 256 MiB, at most half the memory); if the file is "
            "genuine, raise it with --max-inflate SIZE (e.g. --max-inflate 64G)";
  }
  throw_parse_error(name, 0, what);
}

}  // namespace

void byte_block::reserve(std::size_t want) {
  if (want <= capacity) return;
  auto bigger = std::make_unique_for_overwrite<char[]>(want);
  if (size != 0) std::memcpy(bigger.get(), data.get(), size);
  data = std::move(bigger);
  capacity = want;
}

byte_block inflate_gzip(const unsigned char* in, std::size_t n, const std::string& name, inflate_limit limit,
                        const progress_fn& progress) {
  // One byte beyond the limit tells "exactly at the limit" from "past it".
  const std::uint64_t ceiling = limit.bytes + 1;
  byte_block out;
  // Start from the trailer's size hint, but never more than 64x the compressed size (a
  // lying trailer must not force a huge allocation before any byte is inflated).
  std::uint64_t hint = 0;
  if (n >= 18) {
    hint = std::uint64_t{in[n - 4]} | std::uint64_t{in[n - 3]} << 8 | std::uint64_t{in[n - 2]} << 16 |
           std::uint64_t{in[n - 1]} << 24;
  }
  hint = std::min<std::uint64_t>({hint + 1, std::uint64_t{n} * 64, ceiling});
  out.reserve(
      static_cast<std::size_t>(std::max<std::uint64_t>(hint, std::min<std::uint64_t>(ceiling, 1 << 16))));

  z_stream z{};
  if (inflateInit2(&z, 15 + 32) != Z_OK) throw_io_error(name, "zlib initialisation failed");
  struct guard {
    z_stream* z;
    ~guard() { inflateEnd(z); }
  } g{&z};

  std::size_t consumed = 0;
  bool stream_done = false;
  while (true) {
    if (z.avail_in == 0 && consumed < n) {
      const std::size_t take = std::min(kInflateBlock, n - consumed);
      z.next_in = const_cast<unsigned char*>(in + consumed);
      z.avail_in = static_cast<uInt>(take);
      consumed += take;
      report_progress(progress, "read", consumed, n);
    }
    if (out.size == out.capacity) {
      if (out.capacity >= ceiling) over_limit(name, n, limit);
      out.reserve(
          static_cast<std::size_t>(std::min<std::uint64_t>(std::uint64_t{out.capacity} * 2, ceiling)));
    }
    const std::size_t room = std::min<std::size_t>(out.capacity - out.size, std::size_t{1} << 30);
    z.next_out = reinterpret_cast<unsigned char*>(out.data.get() + out.size);
    z.avail_out = static_cast<uInt>(room);
    const int rc = inflate(&z, Z_NO_FLUSH);
    out.size += room - z.avail_out;
    if (out.size > limit.bytes) over_limit(name, n, limit);
    if (rc == Z_STREAM_END) {
      stream_done = true;
      // Another member may follow; trailing zero padding (tar-style) is tolerated.
      if (z.avail_in == 0 && consumed == n) break;
      if (consumed == n) {
        bool only_zeros = true;
        for (uInt i = 0; i < z.avail_in && only_zeros; ++i) only_zeros = z.next_in[i] == 0;
        if (only_zeros) break;
      }
      if (inflateReset(&z) != Z_OK) throw_parse_error(name, 0, "corrupt gzip stream");
      stream_done = false;
      continue;
    }
    if (rc == Z_BUF_ERROR) {
      // No progress was possible: the output is full (grow and retry), more input is waiting,
      // or the input ran out in the middle of a member (truncated).
      if (z.avail_out == 0 || (z.avail_in == 0 && consumed < n)) continue;
      break;
    }
    if (rc != Z_OK) {
      throw_parse_error(
          name, 0,
          std::string("corrupt gzip stream (") + (z.msg != nullptr ? z.msg : "inflate failed") + ")");
    }
    if (z.avail_in == 0 && consumed == n && z.avail_out != 0) break;
  }
  if (!stream_done)
    throw_parse_error(name, 0, "truncated gzip stream (the file ends inside the compressed data)");
  return out;
}

}  // namespace plexus::io::detail
