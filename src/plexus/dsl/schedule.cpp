// Schedules; see schedule.hpp.
#include "plexus/dsl/schedule.hpp"

#include <fmt/format.h>

#include "plexus/core/error.hpp"

namespace plexus::dsl {

namespace {

[[noreturn]] void bad(std::string_view text, const std::string& why) {
  throw error(error_kind::invalid_argument, fmt::format("--schedule '{}': {}", text, why));
}

}  // namespace

void parse_schedule(std::string_view text, schedule& into) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0)
    bad(text, "expected LABEL:KEY=VALUE,... (for example s1:balance=edge_balanced)");
  std::string label(text.substr(0, colon));
  if (label.front() == '@') label.erase(0, 1);
  schedule_entry& entry = into[label];
  std::string_view rest = text.substr(colon + 1);
  if (rest.empty()) bad(text, "no KEY=VALUE after the label");
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    const std::size_t equals = item.find('=');
    if (equals == std::string_view::npos) bad(text, fmt::format("'{}' is not KEY=VALUE", item));
    const std::string_view key = item.substr(0, equals), value = item.substr(equals + 1);
    if (key == "balance") {
      try {
        entry.balance = parse_load_balance(value);
      } catch (const error& e) {
        bad(text, e.what());
      }
    } else if (key == "direction") {
      try {
        entry.direction = parse_direction_mode(value);
      } catch (const error& e) {
        bad(text, e.what());
      }
    } else if (key == "frontier") {
      if (value != "sparse")
        bad(text, fmt::format("frontier={}: frontier loops are generated with sparse frontiers only (frontier=sparse)",
                              value));
    } else {
      bad(text, fmt::format("unknown key '{}': balance, direction or frontier", key));
    }
  }
}

}  // namespace plexus::dsl
