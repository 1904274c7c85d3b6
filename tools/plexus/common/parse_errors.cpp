// The option parser's failures in the user's words; see parse_errors.hpp.
//
// CLI11 (2.1) words its failures in a few fixed shapes, matched here; what the value had to be
// comes from the option's type as CLI11 names it ("INT", "UINT", "FLOAT") and its checks'
// descriptions ("POSITIVE", "NONNEGATIVE", "INT in [1 - 31]").
#include "parse_errors.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <regex>
#include <string_view>
#include <vector>

#include "error_output.hpp"

namespace plexus::cli {

namespace {

/// The option `name` of the deepest command `argv` names (`plexus run bfs --source`: bfs's),
/// or of a command above it.
const CLI::Option* find_option(const CLI::App& app, const std::string& name, int argc,
                               const char* const* argv) {
  for (const CLI::App* command = &named_command(app, argc, argv); command != nullptr;
       command = command->get_parent())
    if (const CLI::Option* option = command->get_option_no_throw(name)) return option;
  return nullptr;
}

/// "0.000000" -> "0", "31" -> "31".
std::string shown(const std::string& number) {
  return fmt::format("{}", std::strtod(number.c_str(), nullptr));
}

/// What a value of a CLI11 type ("UINT", "INT:POSITIVE", "FLOAT:FLOAT in [0 - 1]") must be.
std::string value_words(std::string_view type) {
  const std::string_view base = type.substr(0, type.find(':'));
  const bool integer = base == "INT" || base == "UINT";
  const std::string kind = integer ? "integer" : base == "FLOAT" || base == "NUMBER" ? "number" : "";
  if (kind.empty()) return base == "BOOLEAN" ? "true or false" : "a valid value";
  if (type.find(":POSITIVE") != std::string_view::npos) return "a positive " + kind;
  if (type.find(":NONNEGATIVE") != std::string_view::npos) return "a non-negative " + kind;
  std::match_results<std::string_view::const_iterator> m;
  if (std::regex_search(type.begin(), type.end(), m, std::regex("in \\[(\\S+) - (\\S+)\\]")))
    return fmt::format("{} from {} to {}", integer ? "an integer" : "a number", shown(m[1].str()),
                       shown(m[2].str()));
  if (base == "UINT") return "a non-negative integer";
  return integer ? "an integer" : "a number";
}

std::string option_words(const CLI::Option* option) {
  return option == nullptr ? "a valid value" : value_words(option->get_type_name());
}

/// The words CLI11 lists as not expected (joined by spaces, last first: "plexus frobnicate g.el"
/// gives "g.el frobnicate"), in the order of the command line, found from its end (the words a
/// command took come first); split at the spaces if the command line does not account for them.
std::vector<std::string> in_command_line_order(const std::string& listed, int argc, const char* const* argv) {
  std::vector<std::string> ordered;
  std::string left = " " + listed + " ";
  for (int i = argc - 1; i >= 1 && left.size() > 1; --i) {
    const std::string word = argv[i];
    if (const std::size_t at = left.find(" " + word + " "); !word.empty() && at != std::string::npos) {
      ordered.insert(ordered.begin(), word);
      left.erase(at, word.size() + 1);
    }
  }
  if (left.size() == 1) return ordered;
  std::vector<std::string> words;
  for (std::size_t start = 0; start <= listed.size();) {
    const std::size_t end = std::min(listed.find(' ', start), listed.size());
    words.push_back(listed.substr(start, end - start));
    start = end + 1;
  }
  return words;
}

}  // namespace

std::string parse_error_message(const CLI::App& app, const CLI::ParseError& failure, int argc,
                                const char* const* argv) {
  const std::string text = failure.what();
  const auto option = [&](const std::smatch& m) { return find_option(app, m[1].str(), argc, argv); };
  std::smatch m;
  // A value that is not of the option's type: "Could not convert: --seed = x".
  if (std::regex_match(text, m, std::regex("Could not convert: (\\S+) = (.*)")))
    return fmt::format("{} must be {} (got {})", m[1].str(), option_words(option(m)), m[2].str());
  // A failed range check: "--trials: Value 0 not in range 0.000000 to 1797693134862315708...".
  if (std::regex_match(text, m, std::regex("(\\S+): Value (.*) not in range (\\S+) to (\\S+)"))) {
    const CLI::Option* found = option(m);
    const std::string what = found != nullptr
                                 ? option_words(found)
                                 : fmt::format("from {} to {}", shown(m[3].str()), shown(m[4].str()));
    return fmt::format("{} must be {} (got {})", m[1].str(), what, m[2].str());
  }
  // A failed set check: "--device: cudaa not in {host,cuda,hip}".
  if (std::regex_match(text, m, std::regex("(\\S+): (.*) not in \\{(.*)\\}")))
    return fmt::format("{} must be one of {} (got {})", m[1].str(),
                       std::regex_replace(m[3].str(), std::regex(","), ", "), m[2].str());
  // Words the command does not take: "The following argument was not expected: frobnicate".
  if (std::regex_match(text, m, std::regex("The following arguments? (?:was|were) not expected: (.*)"))) {
    const CLI::App& command = named_command(app, argc, argv);
    const std::vector<std::string> words = in_command_line_order(m[1].str(), argc, argv);
    const std::string& first = words.front();
    if (!first.starts_with('-') && !command.get_subcommands({}).empty()) {
      std::string names;
      for (const CLI::App* sub : command.get_subcommands({}))
        names += (names.empty() ? "" : ", ") + sub->get_name();
      return fmt::format("unknown command '{}': the commands are {}", first, names);
    }
    return fmt::format("unexpected argument{} {}", words.size() == 1 ? "" : "s", fmt::join(words, " "));
  }
  // A missing value: "--source: 1 required UINT missing".
  if (std::regex_match(text, m, std::regex("(\\S+): \\d+ required (\\S+) missing")))
    return fmt::format("{} needs a value ({})", m[1].str(), value_words(m[2].str()));
  return text;
}

}  // namespace plexus::cli
