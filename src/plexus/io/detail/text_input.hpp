// The shared text-input layer of the graph and hypergraph readers.
//
// A reader loads the whole file into memory once (gzip is recognised by its magic bytes
// 1f 8b, RFC 1952, and inflated with zlib), then parses the bytes in place, in parallel,
// one chunk of whole lines per thread. Nothing here uses iostreams: token parsing is a few
// byte comparisons per character, and floats go through fast_float (Lemire, "Number Parsing
// at a Gigabyte per Second", Software: Practice and Experience 51(8), 2021).
//
// Line numbers are never tracked while parsing. A reader remembers the byte offset where a
// problem is, and only the error path counts the '\n' before it (text_buffer::line_of), so
// the hot loop carries no counter and messages still read "file:line: what is wrong".
//
// Conventions every reader shares:
//   - tokens are separated by spaces, tabs or commas (is_separator); '\r' before '\n' is
//     whitespace, so CRLF files parse like LF files;
//   - a line whose first non-blank byte is '#' or '%' is a comment (is_comment);
//   - integers are parsed by hand with overflow detection (parse_uint / parse_int); a token
//     must end at a separator or the end of the line, so "12ab" is an error, not 12.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "plexus/core/force_inline.hpp"
#include "text_buffer.hpp"

namespace plexus::io::detail {

/// A half-open byte range [begin, end) of the buffer holding whole lines.
struct line_range {
  std::size_t begin = 0;
  std::size_t end = 0;
};

/// Splits [begin, text.size()) into at most `parts` ranges of about equal size, each
/// starting at a line start and ending just after a '\n' (or at the end of the text).
/// Ranges are in file order and cover the span exactly; some may be empty.
std::vector<line_range> split_lines(std::string_view text, std::size_t begin, int parts);

/// Number of parallel chunks worth using for `bytes` of text with `num_threads` threads
/// (0 = all available): small inputs get one chunk so tiny files stay serial.
int chunk_count(std::size_t bytes, int num_threads);

/// First error a parallel chunk met: the smallest offset wins so the report is the same
/// whatever the thread count. `offset == npos` means no error.
struct chunk_error {
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  std::size_t offset = npos;
  std::string what;

  bool failed() const { return offset != npos; }
  void set(std::size_t at, std::string message) {
    if (at < offset) {
      offset = at;
      what = std::move(message);
    }
  }
};

/// Throws the earliest of the chunk errors, if any.
void rethrow_first(const text_buffer& text, const std::vector<chunk_error>& errors);

// ---- byte classes and line navigation ---------------------------------------------------

PLEXUS_FORCE_INLINE bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
PLEXUS_FORCE_INLINE bool is_separator(char c) { return is_blank(c) || c == ','; }
PLEXUS_FORCE_INLINE bool is_digit(char c) { return static_cast<unsigned char>(c - '0') < 10; }
PLEXUS_FORCE_INLINE bool is_comment(char c) { return c == '#' || c == '%'; }

/// Skips blanks (not '\n'); returns the first other byte or `end`.
PLEXUS_FORCE_INLINE const char* skip_blanks(const char* p, const char* end) {
  while (p < end && is_blank(*p)) ++p;
  return p;
}
/// Skips blanks and commas (not '\n').
PLEXUS_FORCE_INLINE const char* skip_separators(const char* p, const char* end) {
  while (p < end && is_separator(*p)) ++p;
  return p;
}
/// Position of the '\n' ending the line that holds p, or `end`.
const char* find_line_end(const char* p, const char* end);
/// Start of the next line (just past the '\n'), or `end`.
PLEXUS_FORCE_INLINE const char* next_line(const char* p, const char* end) {
  p = find_line_end(p, end);
  return p < end ? p + 1 : end;
}
/// True when only blanks remain before the end of the line.
PLEXUS_FORCE_INLINE bool at_line_end(const char* p, const char* end) {
  p = skip_blanks(p, end);
  return p == end || *p == '\n';
}
/// True when the token at p has ended: end of text, end of line, or a separator.
PLEXUS_FORCE_INLINE bool at_token_end(const char* p, const char* end) {
  return p == end || *p == '\n' || is_separator(*p);
}
/// The token starting at p (up to a separator or end of line), for error messages;
/// at most 40 bytes so a binary file cannot flood the message.
std::string_view token_at(const char* p, const char* end);

// ---- numbers -----------------------------------------------------------------------------

enum class number_status {
  ok,
  missing,   // no token: end of line or text
  invalid,   // not a number of the requested kind ("abc", "1.5" for an integer, "12x")
  overflow,  // a valid integer that does not fit
};

/// Parses an unsigned decimal integer (optional leading '+') at p; on ok, p moves past it.
/// The token must end at a separator or end of line.
PLEXUS_FORCE_INLINE number_status parse_uint(const char*& p, const char* end, std::uint64_t& value) {
  const char* q = p;
  if (q == end || *q == '\n') return number_status::missing;
  if (*q == '+') ++q;
  if (q == end || !is_digit(*q)) return number_status::invalid;
  std::uint64_t v = 0;
  bool overflow = false;
  do {
    const auto d = static_cast<std::uint64_t>(*q - '0');
    // v * 10 + d > 2^64 - 1 exactly when v > (2^64 - 1 - d) / 10.
    if (v > (UINT64_MAX - d) / 10) overflow = true;
    v = v * 10 + d;
    ++q;
  } while (q < end && is_digit(*q));
  if (!at_token_end(q, end)) return number_status::invalid;
  if (overflow) return number_status::overflow;
  value = v;
  p = q;
  return number_status::ok;
}

/// Reads the run of decimal digits at p eight bytes at a time (SWAR: Lemire, "Faster
/// integer parsing", 2018; the digit test is per byte with no carry between bytes) and
/// returns how many there were; `value` holds them when there are at most 19 (so no
/// overflow is possible), and is meaningless otherwise. p moves past the digits. Requires
/// 8 readable bytes at every position up to the first non-digit: text_buffer's padding.
PLEXUS_FORCE_INLINE std::size_t parse_digits_padded(const char*& p, std::uint64_t& value) {
  constexpr std::uint64_t kZeros = 0x3030303030303030ULL;
  constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
  constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
  constexpr std::uint64_t kTen = 0x7676767676767676ULL;  // 0x80 - 10 in every byte
  std::uint64_t v = 0;
  std::size_t count = 0;
  while (true) {
    std::uint64_t block;
    std::memcpy(&block, p, 8);
    // x holds b - '0' for digit bytes; a byte is a digit exactly when x < 10, i.e. when
    // neither (x & 0x7f) + 0x76 nor x itself has its high bit set.
    const std::uint64_t x = block ^ kZeros;
    const std::uint64_t non_digit = (((x & kLow7) + kTen) | x) & kHigh;
    const auto n = static_cast<unsigned>(non_digit == 0 ? 8 : std::countr_zero(non_digit) / 8);
    if (n != 0) {
      // Keep the n digits (first digit in the lowest byte), moved up so the low bytes are
      // leading zeros, then combine pairs, quads and octets with three multiplications.
      std::uint64_t d = x << (8 * (8 - n));
      d = ((d & 0x0f0f0f0f0f0f0f0fULL) * 2561) >> 8;
      d = ((d & 0x00ff00ff00ff00ffULL) * 6553601) >> 16;
      d = ((d & 0x0000ffff0000ffffULL) * 42949672960001ULL) >> 32;
      static constexpr std::uint64_t kScale[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
      v = v * kScale[n] + d;
      p += n;
      count += n;
    }
    if (n != 8) break;
  }
  value = v;
  return count;
}

/// Parses a signed decimal integer (optional '+' or '-') at p; on ok, p moves past it.
number_status parse_int(const char*& p, const char* end, std::int64_t& value);

/// Parses a floating-point number (decimal or scientific, "inf" and "nan" accepted so the
/// caller can reject them by name) at p with fast_float; on ok, p moves past it.
number_status parse_double(const char*& p, const char* end, double& value);

/// parse_double with the plain decimals of weight columns ("12", "-0.375") read inline by
/// parse_digits_padded: with at most 19 digits, a mantissa m <= 2^53 and f <= 22 fraction
/// digits, m / 10^f is one correctly rounded division of two exact doubles (Clinger, "How
/// to Read Floating Point Numbers Accurately", PLDI 1990), the value fast_float returns.
/// Anything else goes to parse_double. Only for text_buffer bytes (needs its padding).
PLEXUS_FORCE_INLINE number_status parse_double_padded(const char*& p, const char* end, double& value) {
  static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                      1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  static constexpr std::uint64_t kScale[] = {1,
                                             10,
                                             100,
                                             1000,
                                             10000,
                                             100000,
                                             1000000,
                                             10000000,
                                             100000000,
                                             1000000000,
                                             10000000000ULL,
                                             100000000000ULL,
                                             1000000000000ULL,
                                             10000000000000ULL,
                                             100000000000000ULL,
                                             1000000000000000ULL,
                                             10000000000000000ULL,
                                             100000000000000000ULL,
                                             1000000000000000000ULL,
                                             10000000000000000000ULL};
  const char* q = p;
  const bool negative = q < end && *q == '-';
  q += negative ? 1 : 0;
  if (q < end && is_digit(*q)) {
    std::uint64_t m = 0;
    const std::size_t whole = parse_digits_padded(q, m);
    std::size_t fraction = 0;
    if (whole <= 19 && *q == '.' && is_digit(q[1])) {
      const char* f = q + 1;
      std::uint64_t part = 0;
      fraction = parse_digits_padded(f, part);
      if (whole + fraction <= 19) m = m * kScale[fraction] + part;
      q = f;
    }
    if (whole + fraction <= 19 && m <= (std::uint64_t{1} << 53) && at_token_end(q, end)) {
      const double v = static_cast<double>(m) / kPow10[fraction];
      value = negative ? -v : v;
      p = q;
      return number_status::ok;
    }
  }
  return parse_double(p, end, value);
}

/// True when a weight read as `value` keeps its value as a 32-bit float (weight_t): finite,
/// not NaN, and at most FLT_MAX in magnitude.
PLEXUS_FORCE_INLINE bool fits_weight(double value) { return std::isfinite(static_cast<float>(value)); }

/// Why the number in the token at p cannot be a weight, e.g. "weight 1e39 does not fit in
/// a 32-bit float (largest 3.4e38)" or "weight 'nan' is not a number"; for values
/// fits_weight refused.
std::string weight_problem(std::string_view what, const char* p, const char* end);

/// A readable description of a failed parse, e.g. "vertex id 'x1' is not a non-negative
/// integer" or "vertex id 99999999999999999999 does not fit in 64 bits".
std::string describe_number_error(number_status status, std::string_view what, const char* p, const char* end,
                                  std::string_view expected = "a non-negative integer");

}  // namespace plexus::io::detail
