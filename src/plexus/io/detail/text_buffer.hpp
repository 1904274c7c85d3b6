// A whole input in memory: a file, standard input or a pipe, gzip inflated within a limit.
//
// Inputs are read to their end before anything is parsed. A regular file is read with a few
// large read() calls of its known size. Standard input ("-"), FIFOs, character devices and
// pipes (`<(zcat g.txt.gz)` names /dev/fd/63) have no size and can be read only once, so they
// are read to their end into a growing buffer, and every decision about the format is then
// made from the bytes in memory, never by opening the name again.
//
// gzip (magic bytes 1f 8b, RFC 1952) is inflated whatever the name says. Deflate encodes a run
// of 258 repeated bytes in a few bits (RFC 1951), so a small file can inflate to about a
// thousand times its size, far beyond memory. Inflation therefore stops at a limit: unless
// the caller sets one, 100 times the compressed size plus 256 MiB, and never more than half
// the physical memory. Text graph formats compress far less than 100:1, so the default stops
// only such bombs; a caller that trusts a file raises the limit (the CLI's --max-inflate).
//
// A UTF-8 byte-order mark (EF BB BF, written by Windows tools at the start of text files,
// Unicode 15 section 23.8) is skipped, so it never becomes part of the first token; line
// numbers are not affected.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "plexus/core/progress.hpp"

namespace plexus::io::detail {

struct load_options {
  /// Bytes a gzip input may inflate to; 0 means default_inflate_limit of its size.
  std::uint64_t max_inflate = 0;
  /// Reports bytes read under the stage "read".
  progress_fn progress;
};

/// A whole input in memory (decompressed) with the name errors should carry.
/// kPadding zero bytes follow end(), readable: the first is a sentinel that stops digit
/// and blank loops at the end of the text without a bounds check per byte, and all of them
/// let parse_digits_padded load 8 bytes at any position up to end().
class text_buffer {
 public:
  static constexpr std::size_t kPadding = 16;

  /// Loads `path` ("-" is standard input) to its end. Throws plexus::error (io) when it
  /// cannot be opened or read, (parse) when a gzip stream is corrupt, truncated, or inflates
  /// past the limit.
  static text_buffer load(const std::filesystem::path& path, const load_options& options = {});
  /// Wraps text already in memory (tests, fuzzers); `name` is used in error messages.
  static text_buffer from_string(std::string name, std::string_view text);

  text_buffer() = default;
  text_buffer(text_buffer&&) noexcept = default;
  text_buffer& operator=(text_buffer&&) noexcept = default;

  /// The name messages carry: the path as given, "standard input" for "-".
  const std::string& name() const { return name_; }
  const char* data() const { return data_; }
  const char* begin() const { return data_; }
  const char* end() const { return data_ + size_; }
  std::size_t size() const { return size_; }
  std::string_view view() const { return {data_, size_}; }
  bool empty() const { return size_ == 0; }
  /// True when the input was gzip-compressed.
  bool was_gzip() const { return gzip_; }
  /// Bytes read from the input (the compressed size for gzip).
  std::uint64_t file_bytes() const { return file_bytes_; }

  std::size_t offset_of(const char* p) const { return static_cast<std::size_t>(p - data_); }
  /// 1-based line holding byte `offset` (counts '\n' before it: for error paths only).
  std::size_t line_of(std::size_t offset) const;
  std::size_t line_of(const char* p) const { return line_of(offset_of(p)); }

  /// Throws plexus::error (parse) "name:line: what" for the line holding `offset`.
  [[noreturn]] void fail(std::size_t offset, std::string_view what) const;
  [[noreturn]] void fail(const char* p, std::string_view what) const { fail(offset_of(p), what); }

 private:
  /// Takes `bytes` (size + kPadding allocated), inflating gzip and skipping a byte-order mark.
  void adopt(std::unique_ptr<char[]> bytes, std::size_t size, const load_options& options);
  void skip_byte_order_mark();

  std::string name_;
  std::unique_ptr<char[]> storage_;
  const char* data_ = nullptr;  // the text: storage_ past a byte-order mark
  std::size_t size_ = 0;
  std::uint64_t file_bytes_ = 0;
  bool gzip_ = false;
};

/// The name messages use for `path`: "standard input" for "-", else the path as given.
std::string input_name(const std::filesystem::path& path);

/// True when `path` is "-" or names what is neither a regular file nor a folder (a FIFO, a
/// pipe, a character device): it has no size and can be read only once.
bool is_stream(const std::filesystem::path& path);

/// The default inflation limit of a gzip input of `compressed_bytes`: the smaller of 100
/// times its size plus 256 MiB and half of `physical_bytes` (the machine's memory when
/// omitted).
std::uint64_t default_inflate_limit(std::uint64_t compressed_bytes, std::uint64_t physical_bytes);
std::uint64_t default_inflate_limit(std::uint64_t compressed_bytes);

/// "812 bytes", "3.5 KiB", "1.2 GiB": sizes in messages.
std::string byte_size_text(std::uint64_t bytes);

}  // namespace plexus::io::detail
