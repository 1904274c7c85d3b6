// The shared text-input layer: number parsing limits, line splitting and line numbers.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "io/detail/text_input.hpp"
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

}  // namespace
}  // namespace plexus::io::detail
