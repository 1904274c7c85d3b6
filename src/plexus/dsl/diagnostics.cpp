// Diagnostics of the DSL compiler; see diagnostics.hpp.
#include "plexus/dsl/diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "plexus/core/terminal_text.hpp"

namespace plexus::dsl {

namespace {

// A message longer than this keeps its first kMessageHead and last kMessageTail bytes (a
// message may quote an expression or a name of any length).
constexpr std::size_t kLongestMessage = 400, kMessageHead = 300, kMessageTail = 80;
// A source line longer than this shows this many bytes around the caret.
constexpr std::size_t kShownBytes = 100, kShownBeforeCaret = 40;

bool continues_utf8(char c) {
  return (static_cast<unsigned char>(c) & 0xc0) == 0x80;
}

std::string shortened(std::string message) {
  if (message.size() <= kLongestMessage) return message;
  std::size_t head = kMessageHead, tail = message.size() - kMessageTail;
  while (head > 0 && continues_utf8(message[head])) --head;
  while (tail < message.size() && continues_utf8(message[tail])) ++tail;
  return message.substr(0, head) + "..." + message.substr(tail);
}

/// Source text as shown under a headline: escaped for the terminal, tabs kept (so that the
/// caret line, which keeps them too, lines up however the terminal expands them).
std::string shown(std::string_view text) {
  std::string out;
  for (std::size_t begin = 0; begin <= text.size();) {
    const std::size_t tab = std::min(text.find('\t', begin), text.size());
    out += escape_for_terminal(text.substr(begin, tab - begin));
    if (tab < text.size()) out += '\t';
    begin = tab + 1;
  }
  return out;
}

/// Blanks as wide as `text` is shown: a space per column, tabs kept.
std::string blanks(std::string_view text) {
  std::string out;
  for (const char c : shown(text))
    if (c == '\t')
      out += '\t';
    else if (!continues_utf8(c))
      out += ' ';
  return out;
}

}  // namespace

void diagnostics::error(source_range at, std::string message) {
  if (errors_ == kMaxErrors) {
    stopped_ = true;
    throw stop{};
  }
  add(severity::error, at, std::move(message));
}

void diagnostics::add(severity level, source_range at, std::string message) {
  all_.push_back({level, at, shortened(std::move(message))});
  if (level == severity::error) ++errors_;
}

std::string diagnostics::headline(const diagnostic& d) const {
  const line_column at = file_->position(d.range.begin);
  return escape_for_terminal(fmt::format("{}:{}:{}: {}: {}", file_->name(), at.line, at.column,
                                         d.level == severity::error ? "error" : "warning", d.message));
}

std::string diagnostics::render(const diagnostic& d) const {
  const line_column at = file_->position(d.range.begin);
  const std::string_view line = file_->line_text(at.line);
  const std::size_t caret = std::min<std::size_t>(at.column - 1, line.size());
  const std::size_t range = d.range.end > d.range.begin ? d.range.end - d.range.begin : 0;
  const std::size_t length = std::max<std::size_t>(1, std::min<std::size_t>(range, line.size() - caret));
  // A long line shows kShownBytes around the caret, whole UTF-8 sequences, "..." where cut.
  std::size_t begin = 0, end = line.size();
  if (line.size() > kShownBytes) {
    begin = caret > kShownBeforeCaret ? caret - kShownBeforeCaret : 0;
    end = std::min(line.size(), begin + kShownBytes);
    begin = std::min(begin, end - kShownBytes);
    while (begin > 0 && continues_utf8(line[begin])) --begin;
    while (end < line.size() && continues_utf8(line[end])) ++end;
  }
  const std::string_view cut_before = begin > 0 ? "..." : "", cut_after = end < line.size() ? "..." : "";
  const std::string_view under = line.substr(caret, std::min(length, end - caret));
  std::string marker = std::string(cut_before.size(), ' ') + blanks(line.substr(begin, caret - begin)) + '^';
  marker.append(under.empty() ? 0 : terminal_columns(shown(under)) - 1, '~');
  return fmt::format("{}\n    {}{}{}\n    {}\n", headline(d), cut_before,
                     shown(line.substr(begin, end - begin)), cut_after, marker);
}

std::string diagnostics::render_all() const {
  std::string out;
  for (const diagnostic& d : all_) out += render(d);
  if (stopped_) out += escape_for_terminal(file_->name()) + ": too many errors; stopping\n";
  return out;
}

std::string diagnostics::summary() const {
  const std::string name = escape_for_terminal(file_->name());
  if (stopped_) return fmt::format("{}: more than {} errors", name, kMaxErrors);
  return fmt::format("{}: {} error{}", name, errors_, errors_ == 1 ? "" : "s");
}

}  // namespace plexus::dsl
