// atomic_file: write-to-temporary then rename(2), so readers of the target only ever see the
// old complete file or the new complete file (POSIX guarantees rename within one file system
// is atomic; the temporary lives in the target's folder so the rename never crosses one).
//
// commit() runs fflush + fsync before the rename: without the fsync a crash after the rename
// could leave the new name pointing at a file whose data blocks never reached the disk.
#include "plexus/io/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

#include "plexus/core/error.hpp"

namespace plexus::io {

namespace {

[[noreturn]] void fail(const std::filesystem::path& target, std::string_view what, int errnum) {
  std::string message(what);
  message += ": ";
  message += std::strerror(errnum);
  throw_io_error(target.string(), message);
}

/// "<target>.tmp-<pid>-<counter>": unique among the threads and processes writing to one
/// folder, and recognisable as ours if a crash ever leaves one behind.
std::filesystem::path temp_name(const std::filesystem::path& target) {
  static std::atomic<unsigned long> counter{0};
  std::filesystem::path temp = target;
  temp += ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter.fetch_add(1));
  return temp;
}

}  // namespace

atomic_file::atomic_file(std::filesystem::path target) : target_(std::move(target)) {
  if (target_.empty()) throw error(error_kind::invalid_argument, "atomic_file: empty output path");
  // O_EXCL: never reuse (and truncate) a file that happens to carry our temporary name.
  for (int attempt = 0; attempt < 16 && file_ == nullptr; ++attempt) {
    temp_ = temp_name(target_);
    const int fd = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
      if (errno == EEXIST) continue;
      fail(target_, "cannot create temporary file " + temp_.string(), errno);
    }
    file_ = ::fdopen(fd, "wb");
    if (file_ == nullptr) {
      const int errnum = errno;
      ::close(fd);
      ::unlink(temp_.c_str());
      fail(target_, "cannot open temporary file", errnum);
    }
  }
  if (file_ == nullptr) fail(target_, "cannot find an unused temporary file name", EEXIST);
  // A large stdio buffer turns many small header writes into few system calls; big array
  // writes bypass it anyway.
  std::setvbuf(file_, nullptr, _IOFBF, std::size_t{1} << 20);
}

atomic_file::~atomic_file() {
  if (file_ != nullptr) {
    std::fclose(file_);
    ::unlink(temp_.c_str());
  }
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
  } else if (::fsync(::fileno(file)) != 0) {
    errnum = errno;
    step = "fsync failed";
  }
  if (std::fclose(file) != 0 && step == nullptr) {
    errnum = errno;
    step = "close failed";
  }
  if (step == nullptr && std::rename(temp_.c_str(), target_.c_str()) != 0) {
    errnum = errno;
    step = "cannot rename temporary file onto the target";
  }
  if (step != nullptr) {
    ::unlink(temp_.c_str());
    fail(target_, step, errnum);
  }
}

}  // namespace plexus::io
