// The inputs this process reads, by identity; see input_files.hpp.
#include "plexus/io/input_files.hpp"

#include <sys/stat.h>

#include <atomic>
#include <mutex>
#include <utility>
#include <vector>

#include "plexus/core/error.hpp"

namespace plexus::io {

namespace {

struct recorded_file {
  struct stat st;
  std::string name;
};

bool same_file(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino && a.st_ctim.tv_sec == b.st_ctim.tv_sec &&
         a.st_ctim.tv_nsec == b.st_ctim.tv_nsec;
}

std::atomic<bool> g_guarding{false};
std::mutex g_mutex;
std::vector<recorded_file> g_inputs;

void record(const struct stat& st, const std::string& name) {
  if (!S_ISREG(st.st_mode) || !g_guarding.load()) return;
  const std::lock_guard lock(g_mutex);
  for (const recorded_file& file : g_inputs)
    if (same_file(file.st, st)) return;
  g_inputs.push_back({st, name});
}

/// The regular file at `path`, if there is one.
std::optional<struct stat> regular_file(const std::filesystem::path& path) {
  struct stat st {};
  if (path.empty() || path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
    return std::nullopt;
  return st;
}

}  // namespace

void guard_inputs() {
  g_guarding.store(true);
}

void record_input(int fd, const std::string& name) {
  struct stat st {};
  if (::fstat(fd, &st) == 0) record(st, name);
}

void record_input(const std::filesystem::path& path) {
  if (const auto st = regular_file(path)) record(*st, path.string());
}

std::optional<std::string> recorded_input(const std::filesystem::path& path) {
  const auto st = regular_file(path);
  if (!st) return std::nullopt;
  const std::lock_guard lock(g_mutex);
  for (const recorded_file& file : g_inputs)
    if (same_file(file.st, *st)) return file.name;
  return std::nullopt;
}

void refuse_output_over_input(const std::filesystem::path& output,
                              std::span<const std::filesystem::path> inputs) {
  const auto target = regular_file(output);
  if (!target) return;
  std::optional<std::string> input = recorded_input(output);
  for (const std::filesystem::path& path : inputs) {
    if (input) break;
    if (const auto st = regular_file(path); st && same_file(*st, *target)) input = path.string();
  }
  if (input)
    throw_io_error(output.string(), (*input == output.string() ? std::string("is an input of this run")
                                                               : "is the input " + *input + " of this run") +
                                        "; writing there would destroy it: name another output file");
}

}  // namespace plexus::io
