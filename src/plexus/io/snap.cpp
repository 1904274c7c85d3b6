// SNAP edge lists (.txt, .snap): "FromNodeId<TAB>ToNodeId" per line, as distributed by the
// Stanford Network Analysis Project (https://snap.stanford.edu/data/).
//
// SNAP files open with '#' comments; the first says "Directed graph" or "Undirected graph",
// which sets the default directedness (directed when absent). Ids are arbitrary 64-bit
// numbers with gaps, so they are renumbered by default. Columns after the second (e.g. the
// relationship code of the CAIDA AS graphs) are not weights and are ignored.
//
// Header rule: inside the leading block of comment lines, a line whose first non-blank byte
// is not a digit is taken as a comment that lost its '#'. SNAP's own as-caida20071105.txt
// has such a line ("           -1 (<FromNodeId> is a customer of <ToNodeId>)"). The first
// line that starts with a digit ends the header; after it, every line must be a comment,
// blank, or a valid edge, so damage later in a file is still reported.
#include <string_view>

#include "detail/graph_readers.hpp"

namespace plexus::io::detail {

edge_list read_snap(const text_buffer& text, const read_options& options) {
  const leading_header header = scan_leading_header(text, /*max_non_numeric_lines=*/1 << 30);
  id_list_layout layout;
  layout.data_begin = header.data_begin;
  for (std::string_view line : header.lines) {
    if (line.find("Undirected graph") != std::string_view::npos) {
      layout.direction = {false, true};
      break;
    }
    if (line.find("Directed graph") != std::string_view::npos) {
      layout.direction = {true, true};
      break;
    }
  }
  edge_line_rules rules;
  rules.base = 0;
  rules.weights = weight_column::none;
  rules.extra_columns = true;
  return read_id_list(text, options, rules, layout);
}

}  // namespace plexus::io::detail
