// The non-inline parts of token parsing and line splitting (text_input.hpp).
#include "text_input.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include <fast_float/fast_float.h>

#include "plexus/core/error.hpp"

namespace plexus::io::detail {
namespace {

constexpr std::size_t kMinChunkBytes = std::size_t{1} << 20;  // below this a thread is not worth it

}  // namespace

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

std::string weight_problem(std::string_view what, const char* p, const char* end) {
  const std::string_view token = token_at(p, end);
  double value = 0;
  const char* q = p;
  parse_double(q, end, value);
  if (std::isnan(value)) return std::string(what) + " '" + std::string(token) + "' is not a number";
  if (std::isinf(value)) return std::string(what) + " '" + std::string(token) + "' is not finite";
  return std::string(what) + " " + std::string(token) +
         " does not fit in a 32-bit float (the largest is 3.4e38)";
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
