// atomic_file: writes to "<target>.tmp-XXXX" and renames onto the target on commit().
//
// Every writer in Plexus goes through it, so an interrupted or failed write never leaves a
// half-written file under the requested name. Destroying it without commit() removes the
// temporary file.
#pragma once

#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <string_view>

namespace plexus::io {

class atomic_file {
 public:
  explicit atomic_file(std::filesystem::path target);
  atomic_file(const atomic_file&) = delete;
  atomic_file& operator=(const atomic_file&) = delete;
  ~atomic_file();

  void write(const void* data, std::size_t bytes);
  void write(std::string_view text) { write(text.data(), text.size()); }
  /// Flushes, syncs and renames onto the target. Throws plexus::error (io) on failure.
  void commit();

  const std::filesystem::path& target() const { return target_; }

 private:
  std::filesystem::path target_;
  std::filesystem::path temp_;
  std::FILE* file_ = nullptr;
};

}  // namespace plexus::io
