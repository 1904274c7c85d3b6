// Shared tail of the SNAP, .el/.wel, KONECT, CSV and Graphalytics readers: parse, renumber,
// orient.
//
// The 32-bit fast path (parse_edge_arcs, finish_arcs) serves every file whose ids fit in 32
// bits after the base is removed; a file with larger ids, possible only when renumbering
// is on, is parsed again on the general 64-bit path (parse_edge_lines, assemble_edges).
//
// A bipartite file's right vertices are moved past the left ones before renumbering, so
// left vertex i and right vertex i are two vertices, and the original id of right vertex j
// is left_size + j.
#include <algorithm>
#include <optional>

#include "graph_readers.hpp"
#include "plexus/core/error.hpp"

namespace plexus::io::detail {
namespace {

[[noreturn]] void bipartite_overflow(const text_buffer& text) {
  throw_parse_error(text.name(), 0,
                    "right vertex ids moved past the left set exceed the 32-bit vertex range");
}

/// Adds the shift to every target of the 32-bit arcs; returns false when one would overflow.
bool shift_targets(parsed_arcs& arcs, std::uint64_t shift) {
  vertex_t largest_source = 0;
  vertex_t largest_target = 0;
  const std::size_t n = arcs.count;
#pragma omp parallel for schedule(static) reduction(max : largest_source, largest_target)
  for (std::size_t i = 0; i < n; ++i) {
    largest_source = std::max(largest_source, arcs.edges.src[i]);
    largest_target = std::max(largest_target, arcs.edges.dst[i]);
  }
  if (largest_target + shift >= max_vertices) return false;
  vertex_t smallest = invalid_vertex;
#pragma omp parallel for schedule(static) reduction(min : smallest)
  for (std::size_t i = 0; i < n; ++i) {
    arcs.edges.dst[i] += static_cast<vertex_t>(shift);
    smallest = std::min({smallest, arcs.edges.src[i], arcs.edges.dst[i]});
  }
  // finish_arcs reads the id range and the weight column from the sinks: one sink now
  // carries them all.
  bool weighted = false;
  for (arc_sink& s : arcs.sinks) {
    weighted = weighted || (s.count != 0 && s.has_weights);
    s.count = 0;
  }
  if (!arcs.sinks.empty() && arcs.count != 0) {
    arcs.sinks.front().has_weights = weighted;
    arcs.sinks.front().count = arcs.count;
    arcs.sinks.front().min_id = smallest;
    arcs.sinks.front().max_id =
        std::max<vertex_t>(largest_source, largest_target + static_cast<vertex_t>(shift));
  }
  return true;
}

/// The shift of the right set: the left set's size, from the header when it says, and at
/// least the largest left id (as stored, 0-based) plus one.
std::uint64_t right_shift(const id_list_layout& layout, std::uint64_t largest_left) {
  return std::max(layout.left_size, largest_left + 1);
}

}  // namespace

edge_list read_id_list(const text_buffer& text, const read_options& options, edge_line_rules rules,
                       const id_list_layout& layout) {
  const bool compact = options.compact_ids.value_or(true);
  // Without renumbering an id becomes (id - base) and must stay below the vertex limit.
  rules.max_id = compact ? UINT64_MAX : rules.base + max_vertices - 1;
  rules.keep_weights = options.keep_weights;
  if (options.weight_column != 0) {
    if (options.weight_column < 3)
      throw error(error_kind::invalid_argument,
                  "weight column " + std::to_string(options.weight_column) +
                      " must be 3 or more (columns 1 and 2 hold the vertex ids)");
    rules.weights = weight_column::required;
    rules.skip_columns = options.weight_column - 3;
    rules.extra_columns = true;
  }
  const chosen_direction direction = choose_direction(options, layout.direction);

  std::optional<edge_list> out;
  {
    parsed_arcs arcs =
        parse_edge_arcs(text, layout.data_begin, rules, options.num_threads, direction.mirror ? 2 : 1);
    bool narrow = !arcs.wide;
    if (narrow && layout.bipartite) {
      vertex_t largest = 0;
      for (std::size_t i = 0; i < arcs.count; ++i) largest = std::max(largest, arcs.edges.src[i]);
      narrow = shift_targets(arcs, right_shift(layout, largest));
      if (!narrow && !compact) bipartite_overflow(text);
    }
    if (narrow) {
      finish_options finish;
      finish.base = rules.base;
      finish.compact = compact;
      finish.directed = direction.directed;
      finish.mirror = direction.mirror;
      finish.num_threads = options.num_threads;
      out = finish_arcs(std::move(arcs), finish, text.name());
    }
  }
  if (!out) {
    std::vector<edge_chunk> chunks = parse_edge_lines(text, layout.data_begin, rules, options.num_threads);
    if (layout.bipartite) {
      std::uint64_t largest = 0;
      for (const edge_chunk& c : chunks)
        for (const std::uint64_t u : c.src) largest = std::max(largest, u - rules.base);
      const std::uint64_t shift = right_shift(layout, largest);
      for (edge_chunk& c : chunks) {
        for (std::uint64_t& v : c.dst) {
          if (v > UINT64_MAX - shift) bipartite_overflow(text);
          v += shift;
          c.max_id = std::max(c.max_id, v);
        }
      }
    }
    assemble_options assemble;
    assemble.base = rules.base;
    assemble.compact = compact;
    assemble.directed = direction.directed;
    assemble.mirror = direction.mirror;
    assemble.keep_weights = options.keep_weights;
    assemble.num_threads = options.num_threads;
    out = assemble_edges(chunks, assemble, text.name());
  }
  if (out->size() == 0 && !layout.vertices_listed_apart)
    throw_parse_error(text.name(), 0,
                      "no edge: the input holds only comments and blank lines, so there is no graph to read");
  out->direction_from = direction.basis;
  return std::move(*out);
}

}  // namespace plexus::io::detail
