// Text from an input shown on a terminal; see terminal_text.hpp.
#include "plexus/core/terminal_text.hpp"

#include <fmt/format.h>

namespace plexus {

namespace {

/// Length of the well-formed UTF-8 sequence starting at text[i] (2 to 4 bytes), or 0.
std::size_t utf8_sequence(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  unsigned min = 0;
  if (lead >= 0xc2 && lead <= 0xdf)
    length = 2, min = 0x80;
  else if (lead >= 0xe0 && lead <= 0xef)
    length = 3, min = 0x800;
  else if (lead >= 0xf0 && lead <= 0xf4)
    length = 4, min = 0x10000;
  else
    return 0;
  if (i + length > text.size()) return 0;
  unsigned code = lead & (0x7f >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3f);
  }
  // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not valid UTF-8.
  if (code < min || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return 0;
  return length;
}

}  // namespace

std::string escape_for_terminal(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\\') {
      out += "\\\\";
      ++i;
    } else if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
      ++i;
    } else if (const std::size_t length = c >= 0x80 ? utf8_sequence(text, i) : 0; length > 0) {
      out.append(text.substr(i, length));
      i += length;
    } else {
      out += fmt::format("\\x{:02x}", c);
      ++i;
    }
  }
  return out;
}

std::size_t terminal_columns(std::string_view escaped) {
  std::size_t columns = 0;
  for (const char c : escaped)
    if ((static_cast<unsigned char>(c) & 0xc0) != 0x80) ++columns;
  return columns;
}

}  // namespace plexus
