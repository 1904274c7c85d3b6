// Shared tail of the SNAP, .el/.wel, KONECT and CSV readers: parse, renumber, orient.
#include "graph_readers.hpp"

namespace plexus::io::detail {

edge_list read_id_list(const text_buffer& text, const read_options& options, std::size_t data_begin,
                       edge_line_rules rules, bool file_directed) {
  const bool compact = options.compact_ids.value_or(true);
  // Without renumbering an id becomes (id - base) and must stay below the vertex limit.
  rules.max_id = compact ? UINT64_MAX : rules.base + max_vertices - 1;
  rules.keep_weights = options.keep_weights;
  std::vector<edge_chunk> chunks = parse_edge_lines(text, data_begin, rules, options.num_threads);

  assemble_options assemble;
  assemble.base = rules.base;
  assemble.compact = compact;
  assemble.directed = options.directed.value_or(file_directed);
  assemble.mirror = !file_directed && assemble.directed;
  assemble.keep_weights = options.keep_weights;
  assemble.num_threads = options.num_threads;
  return assemble_edges(chunks, assemble, text.name());
}

}  // namespace plexus::io::detail
