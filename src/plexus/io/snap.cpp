// SNAP edge lists (.txt, .snap): "FromNodeId<TAB>ToNodeId" per line, as distributed by the
// Stanford Network Analysis Project (https://snap.stanford.edu/data/).
//
// SNAP files open with '#' comments; the first says "Directed graph" or "Undirected graph",
// which sets the default directedness (directed when absent). Ids are arbitrary 64-bit
// numbers with gaps, so they are renumbered by default. Columns after the second (e.g. the
// relationship code of the CAIDA AS graphs) are not weights and are ignored.
//
// Header rule (scan_leading_header): before the first edge come '#' comments, blank lines and
// at most one other line that does not start with two numbers, for SNAP's own
// as-caida20071105.txt, whose header holds a comment that lost its '#' ("           -1
// (<FromNodeId> is a customer of <ToNodeId>)"). Any other line is an edge, so a file of word
// labels or a leading line with a negative id is an error at its line, and damage later in a
// file is reported too.
#include <string_view>

#include "detail/graph_readers.hpp"

namespace plexus::io::detail {

edge_list read_snap(const text_buffer& text, const read_options& options) {
  const leading_header header = scan_leading_header(text, /*max_header_lines=*/1);
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
