// GAPBS edge lists: .el ("u v") and .wel ("u v w"), 0-based ids, one arc per line
// (Beamer, Asanović, Patterson, "The GAP Benchmark Suite", arXiv:1508.03619).
//
// The column count is fixed by the extension: a third column in an .el file or a missing
// weight in a .wel file is an error rather than a silent guess. As for every id-only list,
// ids are renumbered to the ids that occur by default; compact_ids = false keeps them.
#include "detail/graph_readers.hpp"

namespace plexus::io::detail {

edge_list read_plain_edge_list(const text_buffer& text, const read_options& options, bool weighted) {
  edge_line_rules rules;
  rules.base = 0;
  rules.weights = weighted ? weight_column::required : weight_column::none;
  rules.extra_columns = false;
  return read_id_list(text, options, rules, id_list_layout{});
}

}  // namespace plexus::io::detail
