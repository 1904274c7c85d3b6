// Unsigned options: digits only, within 64 bits; see unsigned_options.hpp.
#include "unsigned_options.hpp"

#include <charconv>
#include <cstdint>
#include <string>

namespace plexus::cli {

namespace {

/// Empty when `text` is a decimal integer that fits 64 bits unsigned; otherwise the failure in
/// the shape parse_errors.hpp rewords for range checks.
std::string unsigned_problem(const std::string& text) {
  std::uint64_t value = 0;
  const char* first = text.data() + (text.starts_with('+') ? 1 : 0);
  const char* last = text.data() + text.size();
  bool digits = first < last;
  for (const char* p = first; p < last; ++p) digits = digits && *p >= '0' && *p <= '9';
  if (digits && std::from_chars(first, last, value).ec == std::errc()) return {};
  return "Value " + text + " not in range 0 to 18446744073709551615";
}

void add_check(CLI::App& app) {
  for (CLI::Option* option : app.get_options())
    if (option->get_type_name() == "UINT") option->check(CLI::Validator(unsigned_problem, "", ""));
  for (CLI::App* sub : app.get_subcommands({})) add_check(*sub);
}

}  // namespace

void refuse_wrapping_unsigned_values(CLI::App& app) {
  add_check(app);
}

}  // namespace plexus::cli
