// Shared tail of the SNAP, .el/.wel, KONECT and CSV readers: parse, renumber, orient.
//
// The 32-bit fast path (parse_edge_arcs, finish_arcs) serves every file whose ids fit in 32
// bits after the base is removed; a file with larger ids, possible only when renumbering
// is on, is parsed again on the general 64-bit path (parse_edge_lines, assemble_edges).
#include "graph_readers.hpp"

namespace plexus::io::detail {

edge_list read_id_list(const text_buffer& text, const read_options& options, std::size_t data_begin,
                       edge_line_rules rules, bool file_directed) {
  const bool compact = options.compact_ids.value_or(true);
  // Without renumbering an id becomes (id - base) and must stay below the vertex limit.
  rules.max_id = compact ? UINT64_MAX : rules.base + max_vertices - 1;
  rules.keep_weights = options.keep_weights;
  const bool directed = options.directed.value_or(file_directed);
  const bool mirror = !file_directed && directed;

  {
    parsed_arcs arcs = parse_edge_arcs(text, data_begin, rules, options.num_threads, mirror ? 2 : 1);
    if (!arcs.wide) {
      finish_options finish;
      finish.base = rules.base;
      finish.compact = compact;
      finish.directed = directed;
      finish.mirror = mirror;
      finish.num_threads = options.num_threads;
      return finish_arcs(std::move(arcs), finish, text.name());
    }
  }

  std::vector<edge_chunk> chunks = parse_edge_lines(text, data_begin, rules, options.num_threads);
  assemble_options assemble;
  assemble.base = rules.base;
  assemble.compact = compact;
  assemble.directed = directed;
  assemble.mirror = mirror;
  assemble.keep_weights = options.keep_weights;
  assemble.num_threads = options.num_threads;
  return assemble_edges(chunks, assemble, text.name());
}

}  // namespace plexus::io::detail
