// Text output through io::atomic_file, gzip-compressed (RFC 1952, one member, zlib level 6)
// when the target's name ends in ".gz", so written graphs feed tools that read either.
#pragma once

#include <filesystem>
#include <memory>
#include <string_view>

#include "plexus/io/atomic_file.hpp"

namespace plexus::io::detail {

/// True when `path` ends in ".gz" (any case).
bool names_gzip(const std::filesystem::path& path);

class text_sink {
 public:
  explicit text_sink(const std::filesystem::path& target);
  text_sink(const text_sink&) = delete;
  text_sink& operator=(const text_sink&) = delete;
  ~text_sink();

  void write(std::string_view text);
  /// Finishes the gzip stream if any and commits the file. Throws plexus::error (io).
  void commit();

 private:
  struct deflater;
  atomic_file file_;
  std::unique_ptr<deflater> gzip_;
};

}  // namespace plexus::io::detail
