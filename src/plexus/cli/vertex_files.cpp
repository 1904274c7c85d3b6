// Vertex ids and the small vertex files of the command line; see vertex_files.hpp.
//
// The files are read line by line, so memory grows with what the file holds and never with a
// count it claims; every malformed line is reported as "file:line: what is wrong".
#include "plexus/cli/vertex_files.hpp"

#include <fast_float/fast_float.h>
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>

#include "plexus/core/error.hpp"
#include "plexus/io/input_files.hpp"

namespace plexus::cli {

namespace {

/// Text of a line with comments ('#' or '%' to the end of the line) removed.
std::string_view strip_comment(std::string_view line) {
  const auto at = line.find_first_of("#%");
  return at == std::string_view::npos ? line : line.substr(0, at);
}

/// Next whitespace-separated field of `rest` (empty when none), advancing past it.
std::string_view next_field(std::string_view& rest) {
  const auto begin = rest.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) {
    rest = {};
    return {};
  }
  rest.remove_prefix(begin);
  const auto end = std::min(rest.find_first_of(" \t\r,"), rest.size());
  std::string_view field = rest.substr(0, end);
  rest.remove_prefix(end);
  if (!rest.empty() && rest.front() == ',') rest.remove_prefix(1);
  return field;
}

/// Calls handle(fields, line_number) for every non-blank line of `path`.
template <class Handle>
void for_each_line(const std::filesystem::path& path, Handle&& handle) {
  std::ifstream in(path);
  if (!in) throw_io_error(path.string(), "cannot open for reading");
  io::record_input(path);
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    std::string_view rest = strip_comment(line);
    if (rest.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    handle(rest, number);
  }
  if (in.bad()) throw_io_error(path.string(), "read error");
}

vertex_t parse_vertex(std::string_view field, const id_lookup& ids, const std::filesystem::path& path,
                      std::size_t line) {
  std::uint64_t original = 0;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), original);
  if (field.empty() || ec != std::errc() || end != field.data() + field.size())
    throw_parse_error(path.string(), line, fmt::format("'{}' is not a vertex id", field));
  const auto v = ids.find(original);
  if (!v) throw_parse_error(path.string(), line, fmt::format("vertex {} is not in the graph", original));
  return *v;
}

}  // namespace

id_lookup::id_lookup(const csr_graph& graph) : graph_(graph) {
  if (!graph.has_original_ids()) return;
  const auto ids = graph.original_ids();
  sorted_.reserve(ids.size());
  for (vertex_t v = 0; v < graph.num_vertices(); ++v) sorted_.emplace_back(ids[v], v);
  std::sort(sorted_.begin(), sorted_.end());
}

std::optional<vertex_t> id_lookup::find(std::uint64_t original) const {
  if (!graph_.has_original_ids()) {
    if (original < graph_.num_vertices()) return static_cast<vertex_t>(original);
    return std::nullopt;
  }
  const auto it =
      std::lower_bound(sorted_.begin(), sorted_.end(), std::pair<std::uint64_t, vertex_t>{original, 0});
  if (it == sorted_.end() || it->first != original) return std::nullopt;
  return it->second;
}

std::vector<std::pair<vertex_t, vertex_t>> read_vertex_pairs(const std::filesystem::path& path,
                                                             const csr_graph& graph) {
  const id_lookup ids(graph);
  std::vector<std::pair<vertex_t, vertex_t>> pairs;
  for_each_line(path, [&](std::string_view rest, std::size_t line) {
    const vertex_t u = parse_vertex(next_field(rest), ids, path, line);
    const std::string_view second = next_field(rest);
    if (second.empty()) throw_parse_error(path.string(), line, "expected two vertex ids \"u v\"");
    const vertex_t v = parse_vertex(second, ids, path, line);
    if (!next_field(rest).empty()) throw_parse_error(path.string(), line, "expected two vertex ids \"u v\"");
    pairs.emplace_back(u, v);
  });
  return pairs;
}

std::vector<double> read_vertex_values(const std::filesystem::path& path, const csr_graph& graph) {
  const id_lookup ids(graph);
  std::vector<double> values(graph.num_vertices(), 0.0);
  for_each_line(path, [&](std::string_view rest, std::size_t line) {
    const vertex_t v = parse_vertex(next_field(rest), ids, path, line);
    const std::string_view field = next_field(rest);
    double value = 0;
    const auto [end, ec] = fast_float::from_chars(field.data(), field.data() + field.size(), value);
    if (field.empty() || ec != std::errc() || end != field.data() + field.size())
      throw_parse_error(path.string(), line, "expected \"vertex value\" with a number as value");
    if (!(value >= 0) || std::isinf(value))
      throw_parse_error(path.string(), line, fmt::format("value {} must be finite and non-negative", field));
    if (!next_field(rest).empty()) throw_parse_error(path.string(), line, "expected \"vertex value\"");
    values[v] = value;
  });
  return values;
}

}  // namespace plexus::cli
