// Byte sizes; see byte_size.hpp.
#include "plexus/core/byte_size.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

#include "plexus/core/error.hpp"

namespace plexus {

std::string human_bytes(std::uint64_t bytes) {
  static const char* const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB"};
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  double value = static_cast<double>(bytes);
  int unit = -1;
  while (value >= 1024 && unit + 1 < 5) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, value < 10 ? "%.2f %s" : value < 100 ? "%.1f %s" : "%.0f %s", value,
                units[unit]);
  return text;
}

std::uint64_t parse_byte_size(std::string_view text, std::string_view what) {
  const auto bad = [&] {
    return error(error_kind::invalid_argument,
                 std::string(what) + ": '" + std::string(text) +
                     "' is not a size (a number of bytes, or with a suffix K, M, G or T: 12G)");
  };
  double number = 0;
  const char* last = text.data() + text.size();
  const auto [end, ec] = std::from_chars(text.data(), last, number);
  if (ec != std::errc() || !(number >= 0) || !std::isfinite(number)) throw bad();
  std::string suffix;
  for (const char* p = end; p != last; ++p) suffix += static_cast<char>(std::tolower(static_cast<unsigned char>(*p)));
  // The unit's letter, then optionally "b" or "ib": k, kb, kib, ..., and b alone for bytes.
  static constexpr std::string_view letters = "kmgt";
  double scale = 1;
  std::string_view rest = suffix;
  if (!rest.empty() && letters.find(rest.front()) != std::string_view::npos) {
    scale = std::pow(1024.0, static_cast<double>(letters.find(rest.front()) + 1));
    rest.remove_prefix(1);
    if (rest == "ib") rest = {};
  }
  if (rest == "b") rest = {};
  if (!rest.empty()) throw bad();
  const double bytes = std::round(number * scale);
  if (bytes > 1.8e19) throw bad();
  return static_cast<std::uint64_t>(bytes);
}

}  // namespace plexus
