// One entry point per text graph format, called by read_edge_list after format detection.
//
// Each reader takes the whole file already in memory and the caller's options, checks the
// content against the format it was asked for, and returns the arcs. Directedness follows
// the file (a symmetric matrix, an "Undirected graph" SNAP header, METIS) unless
// read_options::directed overrides it; a file that declares itself undirected but is read
// as directed gets both arcs of every edge. The edge list records which of the two decided.
#pragma once

#include <cstdint>

#include "edge_lines.hpp"
#include "plexus/graph/edge_list.hpp"
#include "plexus/io/read_graph.hpp"
#include "text_input.hpp"

namespace plexus::io::detail {

edge_list read_matrix_market(const text_buffer& text, const read_options& options);
edge_list read_snap(const text_buffer& text, const read_options& options);
edge_list read_plain_edge_list(const text_buffer& text, const read_options& options, bool weighted);
edge_list read_konect(const text_buffer& text, const read_options& options);
edge_list read_csv(const text_buffer& text, const read_options& options);
edge_list read_dimacs(const text_buffer& text, const read_options& options);
edge_list read_metis(const text_buffer& text, const read_options& options);
edge_list read_gml(const text_buffer& text, const read_options& options);
/// `vertices`: the vertex file's text, or null when there is none.
edge_list read_graphalytics(const text_buffer& text, const read_options& options, const text_buffer* vertices);

/// What a file says about its direction: directed or not, and whether the file declared it
/// (a header, a banner) or the format's rule gave it.
struct file_direction {
  bool directed = true;
  bool declared = false;
};

/// The direction an edge list gets: the caller's choice when given, else the file's.
/// `mirror`: the file stores one arc per edge but a directed graph is asked for.
struct chosen_direction {
  bool directed = true;
  bool mirror = false;
  direction_basis basis = direction_basis::format_default;
};

inline chosen_direction choose_direction(const read_options& options, file_direction file) {
  chosen_direction c;
  c.directed = options.directed.value_or(file.directed);
  c.mirror = c.directed && !file.directed;
  c.basis = options.directed ? direction_basis::caller
                             : (file.declared ? direction_basis::file : direction_basis::format_default);
  return c;
}

/// How an id-list file is laid out, beyond its line rules.
struct id_list_layout {
  std::size_t data_begin = 0;  // offset of the first data line
  file_direction direction;
  /// KONECT bipartite: the second column names vertices of the right set, kept apart from the
  /// left set by adding `left_size` (the left set's size; 0: its largest id) to their ids.
  bool bipartite = false;
  std::uint64_t left_size = 0;
  /// A vertex file lists the vertices (Graphalytics .v), so a file of no edges is a graph of
  /// isolated vertices; otherwise such a file (only comments and blank lines) is an error.
  bool vertices_listed_apart = false;
};

/// The common tail of the id-list formats: parses the data lines with `rules` (its base,
/// weights and extra-column fields, and options.weight_column), renumbers ids unless
/// options.compact_ids is false, and applies the direction rule above.
edge_list read_id_list(const text_buffer& text, const read_options& options, edge_line_rules rules,
                       const id_list_layout& layout);

}  // namespace plexus::io::detail
