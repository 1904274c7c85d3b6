// A run's lines and their JSON fields; see run_report.hpp.
#include "plexus/cli/run_report.hpp"

#include <fast_float/fast_float.h>
#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <cstdint>
#include <utility>

namespace plexus::cli {

namespace {

/// A line's text as JSON: an integer, a number, true/false for yes/no, or the text.
nlohmann::ordered_json json_value(const std::string& text) {
  if (text == "yes") return true;
  if (text == "no") return false;
  const char* end = text.data() + text.size();
  std::int64_t integer = 0;
  if (const auto [at, ec] = std::from_chars(text.data(), end, integer);
      ec == std::errc() && at == end && !text.empty())
    return integer;
  double number = 0;
  if (const auto [at, ec] = fast_float::from_chars(text.data(), end, number);
      ec == std::errc() && at == end && !text.empty())
    return number;
  return text;
}

}  // namespace

run_line::run_line(std::string name, std::string text)
    : name(std::move(name)),
      text(std::move(text)),
      key(json_key(this->name)),
      value(json_value(this->text)) {}

run_line::run_line(std::string name, std::string text, std::string key, nlohmann::ordered_json value)
    : name(std::move(name)), text(std::move(text)), key(std::move(key)), value(std::move(value)) {}

run_line run_line::printed_only(std::string name, std::string text) {
  return run_line(std::move(name), std::move(text), "", nullptr);
}

run_line run_line::seconds(std::string name, std::string key, double seconds) {
  return run_line(std::move(name), seconds_text(seconds), std::move(key), seconds);
}

std::string seconds_text(double seconds) {
  return fmt::format("{:.5f} s", seconds);
}

std::string json_key(std::string_view name) {
  if (name == "GTEPS") return "gteps";
  if (name == "GB/s") return "gbytes_per_second";
  std::string key;
  const std::size_t slash = name.find("/s");
  const bool per_second = slash != std::string_view::npos && slash + 2 == name.size();
  if (per_second) name = name.substr(0, slash);
  if (name.ends_with("GB")) {
    key = json_key(name.substr(0, name.size() - 2));
    return key + (key.empty() ? "" : "_") + "gbytes_per_second";
  }
  for (const char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!key.empty() && key.back() != '_')
      key += '_';
  }
  while (!key.empty() && key.back() == '_') key.pop_back();
  return per_second ? key + "_per_second" : key;
}

}  // namespace plexus::cli
