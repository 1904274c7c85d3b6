// The files this process reads, so that no output overwrites one. An output named differently
// can still be the input (a hard link, a symbolic link, "./g.el" for "g.el", the .v file a
// Graphalytics .e brings along), so files are told apart by identity (device, inode and the
// time of the inode's last change, so that an inode number freed and reused by a new file is
// not mistaken for the input), not by spelling. Once a program calls guard_inputs() (the plexus
// command does; a library user who reads and writes the same files on purpose need not),
// readers record what they open and atomic_file refuses to write over a recorded file;
// io::check_output compares its target with the inputs a command names before any work.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>

namespace plexus::io {

/// From now on, record the inputs read and refuse outputs over them.
void guard_inputs();

/// Records the open file `fd`, read as `name` (a regular file; other kinds are not recorded).
void record_input(int fd, const std::string& name);
/// Records the file at `path` (following symbolic links), if it is a regular file.
void record_input(const std::filesystem::path& path);

/// The name under which the regular file at `path` was recorded as an input, if it was.
std::optional<std::string> recorded_input(const std::filesystem::path& path);

/// Throws plexus::error(io) when `output` is one of `inputs` or a recorded input (the same
/// file, however named): "OUTPUT: is the input INPUT; writing there would destroy it: name
/// another output file". Paths that do not exist, or are not regular files, pass.
void refuse_output_over_input(const std::filesystem::path& output,
                              std::span<const std::filesystem::path> inputs = {});

}  // namespace plexus::io
