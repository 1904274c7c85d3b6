// atomic_file: writes an output file so that an interrupted or failed write never leaves a
// half-written file under the requested name, and never replaces what the name is not.
//
// What the target is decides how it is written (as GNU sort -o and sed -i treat their outputs):
//   "-", or the file standard output already is   written to standard output, in place;
//   a character device or a FIFO (/dev/null, a    written directly, in place: there is no file
//   named pipe)                                     to replace;
//   a regular file, or a name that does not       written to "<file>.tmp-<pid>-<n>" beside it
//   exist yet                                       and renamed onto it by commit() (the file's
//                                                   permission bits carry over);
//   a symbolic link                                followed to what it names, which is written
//                                                   by the rules above; the link stays;
//   a directory, a block device, a socket          refused.
// A read-only regular file (no write permission bit set, for root too) is refused rather than
// replaced, and so is any file this process reads as an input, however it is named
// (input_files.hpp). Destroying an atomic_file without
// commit() removes its temporary; so does remove_temporary_files(), which a signal handler may
// call (SIGINT, SIGTERM), since the temporaries of live atomic_files are listed where such a
// handler can read them.
#pragma once

#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <span>
#include <string_view>

namespace plexus::io {

/// How an atomic_file writes a target (see the table above).
enum class output_kind {
  replace,          // through a temporary renamed onto the (resolved) target
  in_place,         // directly into a character device or FIFO
  standard_output,  // into this process's standard output
};

/// Decides how `target` would be written and checks that it can be, before any work: the
/// folder exists and a file can be created in it (a temporary is created and removed again),
/// or the device or FIFO is writable, and it is none of `inputs` (the files the command will
/// read). Throws plexus::error (io) naming the target and the reason.
output_kind check_output(const std::filesystem::path& target,
                         std::span<const std::filesystem::path> inputs = {});

/// Removes the temporaries of every atomic_file not yet committed. Async-signal-safe.
void remove_temporary_files() noexcept;

class atomic_file {
 public:
  explicit atomic_file(std::filesystem::path target);
  atomic_file(const atomic_file&) = delete;
  atomic_file& operator=(const atomic_file&) = delete;
  ~atomic_file();

  void write(const void* data, std::size_t bytes);
  void write(std::string_view text) { write(text.data(), text.size()); }
  /// Flushes; for a temporary, syncs it and renames it onto the target. Throws plexus::error
  /// (io) on failure.
  void commit();

  const std::filesystem::path& target() const { return target_; }
  output_kind kind() const { return kind_; }

 private:
  void release_temporary() noexcept;

  std::filesystem::path target_;
  std::filesystem::path final_;  // the file a temporary is renamed onto (symbolic links resolved)
  std::filesystem::path temp_;
  output_kind kind_ = output_kind::replace;
  int slot_ = -1;  // the temporary's entry in the list remove_temporary_files() reads
  std::FILE* file_ = nullptr;
};

}  // namespace plexus::io
