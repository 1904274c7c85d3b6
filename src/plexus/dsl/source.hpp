// A DSL program's text in memory, and positions in it.
//
// Every token and syntax node carries a source_range of byte offsets into its file; a
// diagnostic turns the start of that range into a 1-based line and column (columns count
// bytes, as compilers' diagnostics do) and prints the line beneath.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace plexus::dsl {

/// Bytes [begin, end) of a source file.
struct source_range {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
};

/// Covers both ranges and what lies between them.
inline source_range span(source_range first, source_range last) { return {first.begin, last.end}; }

struct line_column {
  std::uint32_t line = 1;    // 1-based
  std::uint32_t column = 1;  // 1-based, in bytes
};

class source_file {
 public:
  source_file(std::string name, std::string text);
  /// Reads `path`; throws plexus::error(io) naming it when it cannot be read.
  static source_file read(const std::filesystem::path& path);

  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }
  /// The line and column of byte `offset` (the end of the text is a valid offset).
  line_column position(std::uint32_t offset) const;
  /// Line `line` (1-based) without its line break.
  std::string_view line_text(std::uint32_t line) const;

 private:
  std::string name_;
  std::string text_;
  std::vector<std::uint32_t> line_starts_;
};

}  // namespace plexus::dsl
