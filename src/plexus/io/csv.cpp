// CSV edge lists (.csv): "u,v[,w,...]" per line (RFC 4180 without quoting, which numeric
// columns never need), with an optional column-name row such as "SOURCE,TARGET,RATING".
//
// The third column, when present, is the weight (signed values allowed: SNAP's signed
// networks store ratings -10..10); further columns (timestamps) are ignored. Only one
// non-numeric row is accepted, and only before the first data row.
#include "detail/graph_readers.hpp"

namespace plexus::io::detail {

edge_list read_csv(const text_buffer& text, const read_options& options) {
  const leading_header header = scan_leading_header(text, 1);
  edge_line_rules rules;
  rules.base = 0;
  rules.weights = weight_column::optional;
  rules.extra_columns = true;
  id_list_layout layout;
  layout.data_begin = header.data_begin;
  return read_id_list(text, options, rules, layout);
}

}  // namespace plexus::io::detail
