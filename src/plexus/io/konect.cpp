// KONECT network files (out.NAME, .konect): '%' header lines, then "u v [w [t]]" per line,
// 1-based ids (Kunegis, "KONECT - The Koblenz Network Collection", WWW 2013 companion;
// format in the KONECT handbook, http://konect.cc/).
//
// The first header line reads "% FORMAT WEIGHTS": FORMAT "sym" is an undirected graph,
// "asym" a directed one, "bip" a bipartite graph, whose edges are undirected and join a left
// vertex (first column) to a right vertex (second column). Both sets number their vertices
// from 1, so left vertex 3 and right vertex 3 are different vertices: the right set is moved
// past the left one, and right vertex j gets the id n1 + j, where n1 is the left set's size
// (from the optional second header line "% m n1 n2", at least the largest left id). Without
// a FORMAT the graph is directed. The weight column is optional but must be the same on every
// line; a timestamp column after it is ignored.
#include <string>
#include <string_view>

#include "detail/graph_readers.hpp"

namespace plexus::io::detail {
namespace {

/// The numbers of a header line "% a b c", at most `count`; fewer when the line has fewer.
std::vector<std::uint64_t> header_numbers(std::string_view line, std::size_t count) {
  std::vector<std::uint64_t> numbers;
  const char* p = line.data();
  const char* end = p + line.size();
  p = skip_separators(p, end);
  if (p < end && *p == '%') p = skip_separators(p + 1, end);
  while (p < end && numbers.size() < count) {
    std::uint64_t value = 0;
    if (parse_uint(p, end, value) != number_status::ok) break;
    numbers.push_back(value);
    p = skip_separators(p, end);
  }
  return numbers;
}

}  // namespace

edge_list read_konect(const text_buffer& text, const read_options& options) {
  const leading_header header = scan_leading_header(text, 0);
  id_list_layout layout;
  layout.data_begin = header.data_begin;
  if (!header.lines.empty()) {
    std::string_view first = header.lines.front();
    const std::size_t start = first.find_first_not_of("% \t");
    first = start == std::string_view::npos ? std::string_view() : first.substr(start);
    if (first.starts_with("sym")) layout.direction = {false, true};
    if (first.starts_with("asym")) layout.direction = {true, true};
    if (first.starts_with("bip")) {
      layout.direction = {false, true};
      layout.bipartite = true;
      if (header.lines.size() > 1) {
        const std::vector<std::uint64_t> sizes = header_numbers(header.lines[1], 3);
        if (sizes.size() == 3) layout.left_size = sizes[1];
      }
    }
  }
  edge_line_rules rules;
  rules.base = 1;
  rules.weights = weight_column::optional;
  rules.extra_columns = true;
  return read_id_list(text, options, rules, layout);
}

}  // namespace plexus::io::detail
