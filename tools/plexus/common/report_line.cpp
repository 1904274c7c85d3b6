// The aligned "Label: value" lines; see report_line.hpp.
#include "report_line.hpp"

#include <fmt/format.h>

namespace plexus::cli {

void print_line(std::FILE* to, std::string_view label, std::string_view value) {
  if (to == nullptr) return;
  fmt::print(to, "{:<{}} {}\n", fmt::format("{}:", label), kLabelColumn - 1, value);
}

}  // namespace plexus::cli
