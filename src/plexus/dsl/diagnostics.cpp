// Diagnostics of the DSL compiler; see diagnostics.hpp.
#include "plexus/dsl/diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace plexus::dsl {

void diagnostics::add(severity level, source_range at, std::string message) {
  all_.push_back({level, at, std::move(message)});
  if (level == severity::error) ++errors_;
}

std::string diagnostics::headline(const diagnostic& d) const {
  const line_column at = file_->position(d.range.begin);
  return fmt::format("{}:{}:{}: {}: {}", file_->name(), at.line, at.column,
                     d.level == severity::error ? "error" : "warning", d.message);
}

std::string diagnostics::render(const diagnostic& d) const {
  const line_column at = file_->position(d.range.begin);
  const std::string_view line = file_->line_text(at.line);
  // Tabs stay tabs under the caret, so it lines up however the terminal expands them.
  std::string marker;
  for (std::uint32_t i = 0; i + 1 < at.column && i < line.size(); ++i) marker += line[i] == '\t' ? '\t' : ' ';
  const std::size_t before = at.column - 1, left_on_line = line.size() > before ? line.size() - before : 0;
  const std::size_t length = std::max<std::size_t>(1, std::min<std::size_t>(d.range.end - d.range.begin, left_on_line));
  marker += '^';
  marker.append(length - 1, '~');
  return fmt::format("{}\n    {}\n    {}\n", headline(d), line, marker);
}

std::string diagnostics::render_all() const {
  std::string out;
  for (const diagnostic& d : all_) out += render(d);
  return out;
}

}  // namespace plexus::dsl
