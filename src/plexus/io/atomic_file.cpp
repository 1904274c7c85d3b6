// atomic_file: write-to-temporary then rename(2) for files, so readers of the target only ever
// see the old complete file or the new complete file (POSIX guarantees rename within one file
// system is atomic; the temporary lives in the target's folder so the rename never crosses
// one); devices, FIFOs and standard output are written in place, since renaming a file over
// them would destroy what the name stands for.
//
// commit() runs fflush + fsync before the rename: without the fsync a crash after the rename
// could leave the new name pointing at a file whose data blocks never reached the disk.
#include "plexus/io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#include "plexus/core/error.hpp"
#include "plexus/io/input_files.hpp"

namespace plexus::io {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const fs::path& target, std::string_view what, int errnum) {
  std::string message(what);
  message += ": ";
  message += std::strerror(errnum);
  throw_io_error(target.string(), message);
}

// The temporaries of live atomic_files, where a signal handler can read them: a fixed table of
// paths, each guarded by a lock-free state (0 free, 1 being filled, 2 listed). A temporary that
// finds no free entry is still removed by its destructor, only not on a signal.
constexpr int kListed = 32;
constexpr std::size_t kPathBytes = PATH_MAX;
struct listed_temporary {
  std::atomic<int> state{0};
  char path[kPathBytes];
};
static_assert(std::atomic<int>::is_always_lock_free, "a signal handler must read the list without locks");
listed_temporary g_listed[kListed];

int list_temporary(const fs::path& path) noexcept {
  const std::string& text = path.native();
  if (text.size() >= kPathBytes) return -1;
  for (int i = 0; i < kListed; ++i) {
    int expected = 0;
    if (g_listed[i].state.compare_exchange_strong(expected, 1, std::memory_order_acquire)) {
      std::memcpy(g_listed[i].path, text.c_str(), text.size() + 1);
      g_listed[i].state.store(2, std::memory_order_release);
      return i;
    }
  }
  return -1;
}

void unlist_temporary(int slot) noexcept {
  if (slot >= 0) g_listed[slot].state.store(0, std::memory_order_release);
}

/// "<target>.tmp-<pid>-<counter>": unique among the threads and processes writing to one
/// folder, and recognisable as ours if a crash ever leaves one behind. A name too long for the
/// suffix to fit the file system's limit on a name (NAME_MAX, 255 bytes on Linux) is cut short
/// before the suffix, so every name the folder takes can be written.
fs::path temp_name(const fs::path& target) {
  static std::atomic<unsigned long> counter{0};
  const std::string suffix =
      ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter.fetch_add(1));
  std::string name = target.filename().string();
  if (name.size() + suffix.size() > NAME_MAX) name.resize(NAME_MAX - suffix.size());
  return target.parent_path() / (name + suffix);
}

/// The last name of the chain of symbolic links starting at `target` (`target` itself when it
/// is no link): where a file created "through" a dangling link must appear.
fs::path follow_links(const fs::path& target) {
  fs::path path = target;
  for (int hop = 0; hop < 40; ++hop) {  // 40: Linux's own limit on links followed (MAXSYMLINKS)
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
    char text[PATH_MAX];
    const ssize_t length = ::readlink(path.c_str(), text, sizeof text - 1);
    if (length < 0) fail(target, "cannot read the symbolic link " + path.string(), errno);
    const fs::path next(std::string(text, static_cast<std::size_t>(length)));
    path = next.is_absolute() ? next : path.parent_path() / next;
  }
  fail(target, "cannot follow the symbolic links", ELOOP);
}

struct resolved_output {
  output_kind kind = output_kind::replace;
  fs::path path;          // replace: the file to rename onto; in_place: the device or FIFO
  bool existing = false;  // replace: a regular file is there now
  struct stat st {};      // ... and its metadata
};

/// How `target` is written (the table in atomic_file.hpp), checking what can be checked
/// without creating anything.
resolved_output resolve(const fs::path& target) {
  if (target.empty()) throw error(error_kind::invalid_argument, "the output path is empty");
  resolved_output out;
  if (target == "-") {
    out.kind = output_kind::standard_output;
    return out;
  }
  struct stat st {};
  if (::stat(target.c_str(), &st) == 0) {
    struct stat standard {};
    if (::fstat(STDOUT_FILENO, &standard) == 0 && standard.st_dev == st.st_dev &&
        standard.st_ino == st.st_ino) {
      out.kind = output_kind::standard_output;
      return out;
    }
    if (S_ISDIR(st.st_mode)) throw_io_error(target.string(), "is a directory; name a file to write");
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
      if (::access(target.c_str(), W_OK) != 0) fail(target, "cannot write", errno);
      out.kind = output_kind::in_place;
      out.path = target;
      return out;
    }
    if (!S_ISREG(st.st_mode))
      throw_io_error(target.string(),
                     "is neither a regular file nor a character device nor a FIFO; name a file to write");
    if (::access(target.c_str(), W_OK) != 0)
      fail(target, "the file is not writable, so it is not replaced", errno);
    // access() grants root every file; a file nobody may write is still meant to be kept.
    if ((st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0)
      throw_io_error(target.string(), "the file is read-only (no write permission), so it is not replaced");
    refuse_output_over_input(target);
    char* real = ::realpath(target.c_str(), nullptr);
    if (real == nullptr) fail(target, "cannot resolve the path", errno);
    out.path = real;
    std::free(real);
    out.existing = true;
    out.st = st;
    return out;
  }
  if (errno != ENOENT) fail(target, "cannot write", errno);
  // Nothing there yet: the file is created where the name (or the links it names) points.
  out.path = follow_links(target);
  fs::path folder = out.path.parent_path();
  if (folder.empty()) folder = ".";
  struct stat folder_st {};
  if (::stat(folder.c_str(), &folder_st) != 0)
    throw_io_error(target.string(), "directory " + folder.string() + " does not exist");
  if (!S_ISDIR(folder_st.st_mode)) throw_io_error(target.string(), folder.string() + " is not a directory");
  return out;
}

/// Creates a new temporary beside `final`, listed for remove_temporary_files(); returns its
/// descriptor and sets `temp` and `slot`.
int create_temporary(const fs::path& target, const fs::path& final, fs::path& temp, int& slot) {
  // O_EXCL: never reuse (and truncate) a file that happens to carry our temporary name.
  for (int attempt = 0; attempt < 16; ++attempt) {
    temp = temp_name(final);
    slot = list_temporary(temp);  // listed before it exists, so no moment leaves it unlisted
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return fd;
    const int errnum = errno;
    unlist_temporary(std::exchange(slot, -1));
    if (errnum != EEXIST) {
      fs::path folder = final.parent_path();
      fail(target, "cannot create a file in " + (folder.empty() ? std::string(".") : folder.string()),
           errnum);
    }
  }
  fail(target, "cannot find an unused temporary file name", EEXIST);
}

}  // namespace

output_kind check_output(const fs::path& target, std::span<const fs::path> inputs) {
  refuse_output_over_input(target, inputs);
  const resolved_output out = resolve(target);
  if (out.kind == output_kind::replace) {
    fs::path temp;
    int slot = -1;
    ::close(create_temporary(target, out.path, temp, slot));
    ::unlink(temp.c_str());
    unlist_temporary(slot);
  }
  return out.kind;
}

void remove_temporary_files() noexcept {
  for (listed_temporary& entry : g_listed)
    if (entry.state.load(std::memory_order_acquire) == 2) ::unlink(entry.path);
}

atomic_file::atomic_file(fs::path target) : target_(std::move(target)) {
  const resolved_output out = resolve(target_);
  kind_ = out.kind;
  final_ = out.path;
  int fd = -1;
  if (kind_ == output_kind::standard_output) {
    std::fflush(stdout);  // what the process printed before comes first
    fd = ::dup(STDOUT_FILENO);
    if (fd < 0) fail(target_, "cannot write to standard output", errno);
  } else if (kind_ == output_kind::in_place) {
    fd = ::open(final_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) fail(target_, "cannot open", errno);
  } else {
    fd = create_temporary(target_, final_, temp_, slot_);
    if (out.existing) {
      // The replacement keeps the replaced file's owner and permission bits, as sed -i does;
      // a change of owner that is not permitted leaves the writer's.
      [[maybe_unused]] const int owned = ::fchown(fd, out.st.st_uid, out.st.st_gid);
      ::fchmod(fd, out.st.st_mode & 07777);
    }
  }
  file_ = ::fdopen(fd, "wb");
  if (file_ == nullptr) {
    const int errnum = errno;
    ::close(fd);
    release_temporary();
    fail(target_, "cannot open", errnum);
  }
  // A large stdio buffer turns many small header writes into few system calls; big array
  // writes bypass it anyway.
  std::setvbuf(file_, nullptr, _IOFBF, std::size_t{1} << 20);
}

atomic_file::~atomic_file() {
  if (file_ != nullptr) {
    std::fclose(file_);
    release_temporary();
  }
}

void atomic_file::release_temporary() noexcept {
  if (!temp_.empty()) ::unlink(temp_.c_str());
  unlist_temporary(std::exchange(slot_, -1));
}

void atomic_file::write(const void* data, std::size_t bytes) {
  if (file_ == nullptr) throw error(error_kind::internal, target_.string() + ": write after commit");
  if (bytes == 0) return;
  if (std::fwrite(data, 1, bytes, file_) != bytes) fail(target_, "write failed", errno);
}

void atomic_file::commit() {
  if (file_ == nullptr) throw error(error_kind::internal, target_.string() + ": commit called twice");
  std::FILE* file = std::exchange(file_, nullptr);
  int errnum = 0;
  const char* step = nullptr;
  if (std::fflush(file) != 0) {
    errnum = errno;
    step = "write failed";
  } else if (kind_ == output_kind::replace && ::fsync(::fileno(file)) != 0) {
    errnum = errno;
    step = "fsync failed";
  }
  if (std::fclose(file) != 0 && step == nullptr) {
    errnum = errno;
    step = "close failed";
  }
  if (kind_ == output_kind::replace) {
    if (step == nullptr && std::rename(temp_.c_str(), final_.c_str()) != 0) {
      errnum = errno;
      step = "cannot rename temporary file onto the target";
    }
    if (step == nullptr) temp_.clear();  // renamed: nothing of ours is left to remove
    release_temporary();
  }
  if (step != nullptr) fail(target_, step, errnum);
}

}  // namespace plexus::io
