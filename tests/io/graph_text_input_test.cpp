// The shared text-input layer: number parsing limits, line splitting and line numbers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "plexus/io/detail/text_input.hpp"
#include "plexus/core/error.hpp"

namespace plexus::io::detail {
namespace {

number_status uint_of(std::string_view s, std::uint64_t& v) {
  const char* p = s.data();
  return parse_uint(p, s.data() + s.size(), v);
}

TEST(graph_text_input, unsigned_integers_detect_overflow_exactly) {
  std::uint64_t v = 0;
  EXPECT_EQ(uint_of("18446744073709551615", v), number_status::ok);
  EXPECT_EQ(v, UINT64_MAX);
  EXPECT_EQ(uint_of("18446744073709551616", v), number_status::overflow);
  EXPECT_EQ(uint_of("99999999999999999999999", v), number_status::overflow);
  EXPECT_EQ(uint_of("+17,", v), number_status::ok);
  EXPECT_EQ(v, 17u);
  EXPECT_EQ(uint_of("12ab", v), number_status::invalid);
  EXPECT_EQ(uint_of("-1", v), number_status::invalid);
  EXPECT_EQ(uint_of("", v), number_status::missing);
  EXPECT_EQ(uint_of("\n", v), number_status::missing);
  EXPECT_EQ(uint_of("7\r\n", v), number_status::ok);
}

TEST(graph_text_input, signed_integers_and_doubles) {
  const auto int_of = [](std::string_view s, std::int64_t& v) {
    const char* p = s.data();
    return parse_int(p, s.data() + s.size(), v);
  };
  std::int64_t i = 0;
  EXPECT_EQ(int_of("-9223372036854775808", i), number_status::ok);
  EXPECT_EQ(i, INT64_MIN);
  EXPECT_EQ(int_of("9223372036854775807", i), number_status::ok);
  EXPECT_EQ(i, INT64_MAX);
  EXPECT_EQ(int_of("9223372036854775808", i), number_status::overflow);
  EXPECT_EQ(int_of("-+5", i), number_status::invalid);
  const auto double_of = [](std::string_view s, double& v) {
    const char* p = s.data();
    return parse_double(p, s.data() + s.size(), v);
  };
  double d = 0;
  EXPECT_EQ(double_of("+1.5e3 ", d), number_status::ok);
  EXPECT_EQ(d, 1500.0);
  EXPECT_EQ(double_of("-0.25", d), number_status::ok);
  EXPECT_EQ(d, -0.25);
  EXPECT_EQ(double_of("1.5x", d), number_status::invalid);
  EXPECT_EQ(double_of("nan", d), number_status::ok);
  EXPECT_TRUE(std::isnan(d));
}

TEST(graph_text_input, split_lines_covers_the_text_at_line_starts) {
  const std::string text = "a\nbb\nccc\ndddd\neeeee";
  for (int parts = 1; parts <= 8; ++parts) {
    const auto ranges = split_lines(text, 2, parts);
    ASSERT_EQ(ranges.size(), static_cast<std::size_t>(parts));
    EXPECT_EQ(ranges.front().begin, 2u);
    EXPECT_EQ(ranges.back().end, text.size());
    for (std::size_t i = 0; i < ranges.size(); ++i) {
      if (i > 0) {
        EXPECT_EQ(ranges[i].begin, ranges[i - 1].end);
      }
      if (ranges[i].begin > 0 && ranges[i].begin < text.size()) {
        EXPECT_EQ(text[ranges[i].begin - 1], '\n');
      }
    }
  }
}

TEST(graph_text_input, fail_names_file_and_line) {
  const text_buffer text = text_buffer::from_string("x.txt", "one\ntwo\nthree");
  EXPECT_EQ(text.line_of(std::size_t{0}), 1u);
  EXPECT_EQ(text.line_of(std::size_t{4}), 2u);
  EXPECT_EQ(text.line_of(std::size_t{3}), 1u);
  EXPECT_EQ(text.line_of(text.size()), 3u);
  try {
    text.fail(std::size_t{9}, "bad");
    FAIL();
  } catch (const error& e) {
    EXPECT_EQ(std::string(e.what()), "x.txt:3: bad");
    EXPECT_EQ(e.kind(), error_kind::parse);
  }
}

TEST(graph_text_input, padded_digit_runs_match_a_byte_loop) {
  // Every length 1..24, digits ending at a separator, at '\n', and at the end of the buffer
  // (where only the zero padding follows).
  for (std::size_t length = 1; length <= 24; ++length) {
    std::string digits;
    for (std::size_t i = 0; i < length; ++i) digits += static_cast<char>('0' + (i * 7 + length) % 10);
    for (const std::string& tail : {std::string(" 5"), std::string("\n"), std::string()}) {
      const text_buffer text = text_buffer::from_string("d", digits + tail);
      const char* p = text.begin();
      std::uint64_t v = 0;
      EXPECT_EQ(parse_digits_padded(p, v), length);
      EXPECT_EQ(p, text.begin() + length);
      if (length <= 19) {
        EXPECT_EQ(v, std::stoull(digits)) << digits;
      }
    }
  }
}

TEST(graph_text_input, padded_doubles_match_strtod) {
  const char* cases[] = {"0",      "7",        "-3",          "12.5",        "-0.375",          "0.1",
                         "3.14159", "1e3",     "2.5E-2",      "+4.25",       "9007199254740993", "0.30000000000000004",
                         "1.",     ".5",       "123456789.987654321", "-0",  "00012.0500",      "1234567890123456789"};
  for (const char* c : cases) {
    const std::string s = std::string(c) + "\n";
    const text_buffer text = text_buffer::from_string("w", s);
    const char* p = text.begin();
    double v = 0;
    const number_status status = parse_double_padded(p, text.end(), v);
    const char* q = s.data();
    double reference = 0;
    const number_status reference_status = parse_double(q, s.data() + s.size(), reference);
    ASSERT_EQ(status, reference_status) << c;
    if (status != number_status::ok) continue;
    EXPECT_EQ(v, std::strtod(c, nullptr)) << c;
    EXPECT_EQ(std::signbit(v), std::signbit(std::strtod(c, nullptr))) << c;
    EXPECT_EQ(*p, '\n') << c;
  }
  for (const char* bad : {"1.2.3", "x", "-", "5e", "4.5x"}) {
    const text_buffer text = text_buffer::from_string("w", bad);
    const char* p = text.begin();
    double v = 0;
    EXPECT_EQ(parse_double_padded(p, text.end(), v), number_status::invalid) << bad;
    EXPECT_EQ(p, text.begin()) << bad;
  }
}

}  // namespace
}  // namespace plexus::io::detail
