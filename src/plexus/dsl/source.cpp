// Positions in a DSL source file; see source.hpp.
#include "plexus/dsl/source.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <limits>

#include "plexus/core/error.hpp"
#include "plexus/io/input_files.hpp"

namespace plexus::dsl {

source_file::source_file(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) {
  if (text_.size() >= std::numeric_limits<std::uint32_t>::max())
    throw error(error_kind::invalid_argument, name_ + ": a DSL program must be smaller than 4 GiB");
  line_starts_.push_back(0);
  for (std::uint32_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

source_file source_file::read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw_io_error(path.string(), "cannot open the DSL program");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw_io_error(path.string(), "cannot read the DSL program");
  io::record_input(path);
  return source_file(path.string(), std::move(text));
}

line_column source_file::position(std::uint32_t offset) const {
  const auto after = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const auto line = static_cast<std::uint32_t>(after - line_starts_.begin());
  return {line, offset - line_starts_[line - 1] + 1};
}

std::string_view source_file::line_text(std::uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  const std::uint32_t begin = line_starts_[line - 1];
  std::uint32_t end = line < line_starts_.size() ? line_starts_[line] : static_cast<std::uint32_t>(text_.size());
  while (end > begin && (text_[end - 1] == '\n' || text_[end - 1] == '\r')) --end;
  return std::string_view(text_).substr(begin, end - begin);
}

}  // namespace plexus::dsl
