// KONECT network files (out.NAME, .konect): '%' header lines, then "u v [w [t]]" per line,
// 1-based ids (Kunegis, "KONECT - The Koblenz Network Collection", WWW 2013 companion;
// format in the KONECT handbook, http://konect.cc/).
//
// The first header line reads "% FORMAT WEIGHTS": FORMAT "sym" is an undirected graph,
// "asym" a directed one, "bip" a bipartite graph (read as directed arcs left -> right).
// The weight column is optional but must be the same on every line; a timestamp column
// after it is ignored.
#include <string_view>

#include "detail/graph_readers.hpp"

namespace plexus::io::detail {

edge_list read_konect(const text_buffer& text, const read_options& options) {
  const leading_header header = scan_leading_header(text, 0);
  bool directed = true;
  if (!header.lines.empty()) {
    std::string_view first = header.lines.front();
    const std::size_t start = first.find_first_not_of("% \t");
    if (start != std::string_view::npos && first.substr(start).starts_with("sym")) directed = false;
  }
  edge_line_rules rules;
  rules.base = 1;
  rules.weights = weight_column::optional;
  rules.extra_columns = true;
  return read_id_list(text, options, header.data_begin, rules, directed);
}

}  // namespace plexus::io::detail
