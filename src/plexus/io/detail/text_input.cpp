// Loading files into memory (plain or gzip) and the non-inline parts of token parsing.
//
// gzip: RFC 1952 streams, possibly several members back to back (what `cat a.gz b.gz`
// and pigz produce), inflated by zlib with automatic header detection. The output buffer
// grows geometrically; the size stored in the gzip trailer is only a hint (it is the size
// modulo 2^32 and can lie), so it never sets the allocation alone.
#include "text_input.hpp"

#include <fcntl.h>
#include <omp.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fast_float/fast_float.h>

#include "plexus/core/error.hpp"

namespace plexus::io::detail {
namespace {

constexpr std::size_t kReadBlock = std::size_t{64} << 20;    // bytes per read() call
constexpr std::size_t kInflateBlock = std::size_t{16} << 20;  // compressed bytes per zlib call
constexpr std::size_t kMinChunkBytes = std::size_t{1} << 20;  // below this a thread is not worth it

class file_handle {
 public:
  explicit file_handle(int fd) : fd_(fd) {}
  file_handle(const file_handle&) = delete;
  file_handle& operator=(const file_handle&) = delete;
  ~file_handle() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

std::string errno_text() { return std::strerror(errno); }

// Reads exactly `size` bytes (fewer only if the file shrank meanwhile); returns bytes read.
std::size_t read_all(int fd, char* out, std::size_t size, const std::string& name, const progress_fn& progress,
                     std::uint64_t total) {
  std::size_t done = 0;
  while (done < size) {
    const std::size_t want = std::min(kReadBlock, size - done);
    const ssize_t got = ::read(fd, out + done, want);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw_io_error(name, "read failed: " + errno_text());
    }
    if (got == 0) break;
    done += static_cast<std::size_t>(got);
    report_progress(progress, "read", done, total);
  }
  return done;
}

struct growable {
  std::unique_ptr<char[]> data;
  std::size_t size = 0;
  std::size_t capacity = 0;

  void reserve(std::size_t want) {
    if (want <= capacity) return;
    auto bigger = std::make_unique_for_overwrite<char[]>(want);
    if (size != 0) std::memcpy(bigger.get(), data.get(), size);
    data = std::move(bigger);
    capacity = want;
  }
};

// Inflates all gzip members of `in` (size n) into a new buffer.
growable inflate_gzip(const unsigned char* in, std::size_t n, const std::string& name, const progress_fn& progress) {
  growable out;
  // Start from the trailer's size hint, but never more than 64x the compressed size (a
  // lying trailer must not force a huge allocation before any byte is inflated).
  std::uint64_t hint = 0;
  if (n >= 18) {
    hint = std::uint64_t{in[n - 4]} | std::uint64_t{in[n - 3]} << 8 | std::uint64_t{in[n - 2]} << 16 |
           std::uint64_t{in[n - 1]} << 24;
  }
  hint = std::min<std::uint64_t>(hint, std::uint64_t{n} * 64);
  out.reserve(std::max<std::size_t>(static_cast<std::size_t>(hint) + 1, std::size_t{1} << 16));

  z_stream z{};
  if (inflateInit2(&z, 15 + 32) != Z_OK) throw_io_error(name, "zlib initialisation failed");
  struct guard {
    z_stream* z;
    ~guard() { inflateEnd(z); }
  } g{&z};

  std::size_t consumed = 0;
  bool stream_done = false;
  while (true) {
    if (z.avail_in == 0 && consumed < n) {
      const std::size_t take = std::min(kInflateBlock, n - consumed);
      z.next_in = const_cast<unsigned char*>(in + consumed);
      z.avail_in = static_cast<uInt>(take);
      consumed += take;
      report_progress(progress, "read", consumed, n);
    }
    if (out.size == out.capacity) out.reserve(out.capacity * 2);
    const std::size_t room = std::min<std::size_t>(out.capacity - out.size, std::size_t{1} << 30);
    z.next_out = reinterpret_cast<unsigned char*>(out.data.get() + out.size);
    z.avail_out = static_cast<uInt>(room);
    const int rc = inflate(&z, Z_NO_FLUSH);
    out.size += room - z.avail_out;
    if (rc == Z_STREAM_END) {
      stream_done = true;
      // Another member may follow; trailing zero padding (tar-style) is tolerated.
      if (z.avail_in == 0 && consumed == n) break;
      if (consumed == n) {
        bool only_zeros = true;
        for (uInt i = 0; i < z.avail_in && only_zeros; ++i) only_zeros = z.next_in[i] == 0;
        if (only_zeros) break;
      }
      if (inflateReset(&z) != Z_OK) throw_parse_error(name, 0, "corrupt gzip stream");
      stream_done = false;
      continue;
    }
    if (rc == Z_BUF_ERROR) {
      // No progress was possible: the output is full (grow and retry), more input is waiting,
      // or the input ran out in the middle of a member (truncated).
      if (z.avail_out == 0 || (z.avail_in == 0 && consumed < n)) continue;
      break;
    }
    if (rc != Z_OK) {
      throw_parse_error(name, 0,
                        std::string("corrupt gzip stream (") + (z.msg != nullptr ? z.msg : "inflate failed") + ")");
    }
    if (z.avail_in == 0 && consumed == n && z.avail_out != 0) break;
  }
  if (!stream_done) throw_parse_error(name, 0, "truncated gzip stream (the file ends inside the compressed data)");
  return out;
}

}  // namespace

text_buffer text_buffer::load(const std::filesystem::path& path, const progress_fn& progress) {
  text_buffer result;
  result.name_ = path.string();
  file_handle fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) throw_io_error(result.name_, "cannot open: " + errno_text());
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) throw_io_error(result.name_, "cannot stat: " + errno_text());
  if (S_ISDIR(st.st_mode)) throw_io_error(result.name_, "is a directory, not a file");
  const auto size = static_cast<std::size_t>(st.st_size);
  result.file_bytes_ = size;

  auto raw = std::make_unique_for_overwrite<char[]>(size + kPadding);
  const std::size_t got = read_all(fd.get(), raw.get(), size, result.name_, progress, size);
  const auto* bytes = reinterpret_cast<const unsigned char*>(raw.get());
  if (got >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b) {
    growable inflated = inflate_gzip(bytes, got, result.name_, progress);
    inflated.reserve(inflated.size + kPadding);
    std::memset(inflated.data.get() + inflated.size, 0, kPadding);
    result.data_ = std::move(inflated.data);
    result.size_ = inflated.size;
    result.gzip_ = true;
  } else {
    std::memset(raw.get() + got, 0, kPadding);
    result.data_ = std::move(raw);
    result.size_ = got;
  }
  return result;
}

text_buffer text_buffer::from_string(std::string name, std::string_view text) {
  text_buffer result;
  result.name_ = std::move(name);
  result.data_ = std::make_unique_for_overwrite<char[]>(text.size() + kPadding);
  if (!text.empty()) std::memcpy(result.data_.get(), text.data(), text.size());
  std::memset(result.data_.get() + text.size(), 0, kPadding);
  result.size_ = text.size();
  result.file_bytes_ = text.size();
  return result;
}

std::size_t text_buffer::line_of(std::size_t offset) const {
  offset = std::min(offset, size_);
  return 1 + static_cast<std::size_t>(std::count(data_.get(), data_.get() + offset, '\n'));
}

void text_buffer::fail(std::size_t offset, std::string_view what) const { throw_parse_error(name_, line_of(offset), what); }

std::vector<line_range> split_lines(std::string_view text, std::size_t begin, int parts) {
  begin = std::min(begin, text.size());
  parts = std::max(parts, 1);
  std::vector<line_range> ranges;
  ranges.reserve(static_cast<std::size_t>(parts));
  const std::size_t span = text.size() - begin;
  std::size_t start = begin;
  for (int i = 1; i <= parts; ++i) {
    std::size_t stop = text.size();
    if (i < parts) {
      const std::size_t guess = std::max(start, begin + span / static_cast<std::size_t>(parts) * i);
      const std::size_t nl = guess >= text.size() ? std::string_view::npos : text.find('\n', guess);
      stop = nl == std::string_view::npos ? text.size() : nl + 1;
    }
    ranges.push_back({start, stop});
    start = stop;
  }
  return ranges;
}

int chunk_count(std::size_t bytes, int num_threads) {
  const int threads = num_threads > 0 ? num_threads : omp_get_max_threads();
  const std::size_t by_size = std::max<std::size_t>(1, bytes / kMinChunkBytes);
  return static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(std::max(threads, 1)), by_size));
}

void rethrow_first(const text_buffer& text, const std::vector<chunk_error>& errors) {
  const chunk_error* first = nullptr;
  for (const auto& e : errors)
    if (e.failed() && (first == nullptr || e.offset < first->offset)) first = &e;
  if (first != nullptr) text.fail(first->offset, first->what);
}

const char* find_line_end(const char* p, const char* end) {
  const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
  return nl != nullptr ? static_cast<const char*>(nl) : end;
}

std::string_view token_at(const char* p, const char* end) {
  const char* q = p;
  while (q < end && q - p < 40 && *q != '\n' && !is_separator(*q)) ++q;
  return {p, static_cast<std::size_t>(q - p)};
}

number_status parse_int(const char*& p, const char* end, std::int64_t& value) {
  const char* q = p;
  if (q == end || *q == '\n') return number_status::missing;
  const bool negative = *q == '-';
  if (*q == '-' || *q == '+') ++q;
  std::uint64_t magnitude = 0;
  const char* digits = q;
  const number_status status = parse_uint(q, end, magnitude);
  if (status != number_status::ok) return status;
  if (*digits == '+') return number_status::invalid;  // "-+5"
  const std::uint64_t limit = negative ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
  if (magnitude > limit) return number_status::overflow;
  value = negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
  p = q;
  return number_status::ok;
}

number_status parse_double(const char*& p, const char* end, double& value) {
  const char* q = p;
  if (q == end || *q == '\n') return number_status::missing;
  if (*q == '+') ++q;  // fast_float rejects a leading '+', text formats allow it
  const char* stop = q;
  while (stop < end && *stop != '\n' && !is_separator(*stop)) ++stop;
  // Fast path for the plain decimals weight columns hold ("12", "-0.375"): with at most
  // 19 digits, a mantissa m <= 2^53 and f <= 22 fraction digits, m / 10^f is one correctly
  // rounded IEEE division of two exact doubles (Clinger, "How to Read Floating Point
  // Numbers Accurately", PLDI 1990), the same value fast_float returns.
  {
    static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const char* r = q;
    const bool negative = r < stop && *r == '-';
    if (negative) ++r;
    std::uint64_t m = 0;
    const char* digits = r;
    while (r < stop && is_digit(*r)) m = m * 10 + static_cast<std::uint64_t>(*r++ - '0');
    std::ptrdiff_t total = r - digits;
    std::ptrdiff_t fraction = 0;
    if (total > 0 && r < stop && *r == '.') {
      const char* frac = ++r;
      while (r < stop && is_digit(*r)) m = m * 10 + static_cast<std::uint64_t>(*r++ - '0');
      fraction = r - frac;
      total += fraction;
      if (fraction == 0) total = 0;  // "5." goes to fast_float
    }
    if (r == stop && total > 0 && total <= 19 && fraction <= 22 && m <= (std::uint64_t{1} << 53)) {
      const double v = static_cast<double>(m) / kPow10[fraction];
      value = negative ? -v : v;
      p = stop;
      return number_status::ok;
    }
  }
  double v = 0;
  const auto result = fast_float::from_chars(q, stop, v);
  if (result.ec != std::errc() || result.ptr != stop) {
    if (result.ec == std::errc::result_out_of_range) return number_status::overflow;
    return number_status::invalid;
  }
  value = v;
  p = stop;
  return number_status::ok;
}

std::string describe_number_error(number_status status, std::string_view what, const char* p, const char* end,
                                  std::string_view expected) {
  std::string message(what);
  switch (status) {
    case number_status::missing: return "missing " + message;
    case number_status::overflow:
      return message + " " + std::string(token_at(p, end)) + " is out of range";
    case number_status::invalid:
    case number_status::ok: break;
  }
  return message + " '" + std::string(token_at(p, end)) + "' is not " + std::string(expected);
}

}  // namespace plexus::io::detail
