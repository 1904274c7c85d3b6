// Loading inputs into memory: regular files, streams, gzip, byte-order marks; see
// text_buffer.hpp.
#include "text_buffer.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "gzip_inflate.hpp"
#include "plexus/core/error.hpp"
#include "plexus/io/input_files.hpp"

namespace plexus::io::detail {
namespace {

constexpr std::size_t kReadBlock = std::size_t{64} << 20;  // bytes per read() call
constexpr std::size_t kFirstStreamBlock = std::size_t{1} << 20;
constexpr std::uint64_t kInflateRatio = 100;
constexpr std::uint64_t kInflateFloor = std::uint64_t{256} << 20;

class file_handle {
 public:
  explicit file_handle(int fd, bool owned) : fd_(fd), owned_(owned) {}
  file_handle(const file_handle&) = delete;
  file_handle& operator=(const file_handle&) = delete;
  ~file_handle() {
    if (owned_ && fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
  bool owned_;
};

std::string errno_text() {
  return std::strerror(errno);
}

/// One read() of up to `want` bytes, retried on EINTR; 0 at the end of the input.
std::size_t read_some(int fd, char* out, std::size_t want, const std::string& name) {
  while (true) {
    const ssize_t got = ::read(fd, out, want);
    if (got >= 0) return static_cast<std::size_t>(got);
    if (errno != EINTR) throw_io_error(name, "read failed: " + errno_text());
  }
}

// Reads exactly `size` bytes (fewer only if the file shrank meanwhile); returns bytes read.
std::size_t read_all(int fd, char* out, std::size_t size, const std::string& name,
                     const progress_fn& progress) {
  std::size_t done = 0;
  while (done < size) {
    const std::size_t got = read_some(fd, out + done, std::min(kReadBlock, size - done), name);
    if (got == 0) break;
    done += got;
    report_progress(progress, "read", done, size);
  }
  return done;
}

/// Reads a stream to its end; the block keeps kPadding spare bytes after its size.
byte_block read_stream(int fd, const std::string& name, const progress_fn& progress) {
  byte_block block;
  block.reserve(kFirstStreamBlock);
  while (true) {
    if (block.capacity - block.size < text_buffer::kPadding + 1) block.reserve(block.capacity * 2);
    const std::size_t want = std::min(kReadBlock, block.capacity - block.size - text_buffer::kPadding);
    const std::size_t got = read_some(fd, block.data.get() + block.size, want, name);
    if (got == 0) return block;
    block.size += got;
    // A stream's total is unknown: report the bytes so far as both done and total.
    report_progress(progress, "read", block.size, block.size);
  }
}

std::uint64_t physical_memory() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return UINT64_MAX;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

}  // namespace

std::string input_name(const std::filesystem::path& path) {
  return path == "-" ? std::string("standard input") : path.string();
}

bool is_stream(const std::filesystem::path& path) {
  if (path == "-") return true;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return false;
  return !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

std::uint64_t default_inflate_limit(std::uint64_t compressed_bytes, std::uint64_t physical_bytes) {
  const std::uint64_t proportional = compressed_bytes > (UINT64_MAX - kInflateFloor) / kInflateRatio
                                         ? UINT64_MAX
                                         : kInflateRatio * compressed_bytes + kInflateFloor;
  return std::min(proportional, physical_bytes / 2);
}

std::uint64_t default_inflate_limit(std::uint64_t compressed_bytes) {
  return default_inflate_limit(compressed_bytes, physical_memory());
}

std::string byte_size_text(std::uint64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = static_cast<double>(bytes) / 1024;
  int unit = 0;
  while (value >= 1024 && unit < 5) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, value < 10 ? "%.1f %s" : "%.0f %s", value, kUnits[unit]);
  return text;
}

text_buffer text_buffer::load(const std::filesystem::path& path, const load_options& options) {
  text_buffer result;
  result.name_ = input_name(path);
  const bool standard_input = path == "-";
  file_handle fd(standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC), !standard_input);
  if (fd.get() < 0) throw_io_error(result.name_, "cannot open: " + errno_text());
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) throw_io_error(result.name_, "cannot stat: " + errno_text());
  if (S_ISDIR(st.st_mode)) throw_io_error(result.name_, "is a directory, not a file");
  if (!standard_input) record_input(fd.get(), result.name_);
  if (S_ISREG(st.st_mode) && !standard_input) {
    const auto size = static_cast<std::size_t>(st.st_size);
    auto raw = std::make_unique_for_overwrite<char[]>(size + kPadding);
    const std::size_t got = read_all(fd.get(), raw.get(), size, result.name_, options.progress);
    result.adopt(std::move(raw), got, options);
  } else {
    byte_block block = read_stream(fd.get(), result.name_, options.progress);
    result.adopt(std::move(block.data), block.size, options);
  }
  return result;
}

void text_buffer::adopt(std::unique_ptr<char[]> bytes, std::size_t size, const load_options& options) {
  file_bytes_ = size;
  const auto* raw = reinterpret_cast<const unsigned char*>(bytes.get());
  if (size >= 2 && raw[0] == 0x1f && raw[1] == 0x8b) {
    const inflate_limit limit{options.max_inflate != 0 ? options.max_inflate : default_inflate_limit(size),
                              options.max_inflate != 0};
    byte_block inflated = inflate_gzip(raw, size, name_, limit, options.progress);
    inflated.reserve(inflated.size + kPadding);
    storage_ = std::move(inflated.data);
    size = inflated.size;
    gzip_ = true;
  } else {
    storage_ = std::move(bytes);
  }
  std::memset(storage_.get() + size, 0, kPadding);
  data_ = storage_.get();
  size_ = size;
  skip_byte_order_mark();
}

void text_buffer::skip_byte_order_mark() {
  if (size_ >= 3 && std::memcmp(data_, "\xEF\xBB\xBF", 3) == 0) {
    data_ += 3;
    size_ -= 3;
  }
}

text_buffer text_buffer::from_string(std::string name, std::string_view text) {
  text_buffer result;
  result.name_ = std::move(name);
  auto bytes = std::make_unique_for_overwrite<char[]>(text.size() + kPadding);
  if (!text.empty()) std::memcpy(bytes.get(), text.data(), text.size());
  std::memset(bytes.get() + text.size(), 0, kPadding);
  result.storage_ = std::move(bytes);
  result.data_ = result.storage_.get();
  result.size_ = text.size();
  result.file_bytes_ = text.size();
  result.skip_byte_order_mark();
  return result;
}

std::size_t text_buffer::line_of(std::size_t offset) const {
  offset = std::min(offset, size_);
  return 1 + static_cast<std::size_t>(std::count(data_, data_ + offset, '\n'));
}

void text_buffer::fail(std::size_t offset, std::string_view what) const {
  throw_parse_error(name_, line_of(offset), what);
}

}  // namespace plexus::io::detail
