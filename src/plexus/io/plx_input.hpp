// What the readers of .plx files share: the file itself, read with pread (safe from several
// threads at once) or from an image in memory, and the checked header. read_plx_graph and
// read_plx_hypergraph (plx_read.cpp) read whole files; plx_graph_file (plx_slice.hpp) reads
// the rows one process of a distributed run owns.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "plx_format.hpp"

namespace plexus::io::detail {

// What a user can do about a damaged or foreign .plx file, appended to those messages.
inline constexpr const char* kRebuild = "; rebuild it from its source with plexus convert";
inline constexpr const char* kNotPlx =
    "; if it is a text file, name its format with --format, else rebuild it with plexus convert";

class input_file {
 public:
  /// Opens a regular file and records it as an input (input_files.hpp).
  explicit input_file(const std::filesystem::path& path);
  /// A .plx image already in memory (read from a stream); `bytes` must outlive the object.
  input_file(std::string name, std::string_view bytes);
  input_file(const input_file&) = delete;
  input_file& operator=(const input_file&) = delete;
  ~input_file();

  const std::string& name() const { return name_; }
  std::uint64_t size() const { return size_; }

  /// Reads exactly `bytes` at `offset`; returns the errno of a failure, or -1 when the file
  /// ended early, or 0 on success. Safe to call from several threads at once.
  int read_at(void* data, std::uint64_t bytes, std::uint64_t offset) const;

  [[noreturn]] void fail(const std::string& what) const;
  /// "truncated .plx file: expected `expected` bytes, found ..."
  [[noreturn]] void truncated(std::uint64_t expected) const;

 private:
  std::uint64_t current_size() const;

  std::string name_;
  int fd_ = -1;
  const char* memory_ = nullptr;
  std::uint64_t size_ = 0;
};

/// Reads and checks the header: magic, version, size, checksum, and every section entry
/// against the layout derived from counts and flags, and the file size against it.
plx_format::file_header read_header(const input_file& file, const std::array<char, 8>& magic,
                                    const char* expected_kind);

}  // namespace plexus::io::detail
