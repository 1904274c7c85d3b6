// One entry point per text graph format, called by read_edge_list after format detection.
//
// Each reader takes the whole file already in memory and the caller's options, checks the
// content against the format it was asked for, and returns the arcs. Directedness follows
// the file (a symmetric matrix, an "Undirected graph" SNAP header, METIS) unless
// read_options::directed overrides it; a file that declares itself undirected but is read
// as directed gets both arcs of every edge.
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

/// The common tail of the id-list formats: parses the data lines from `data_begin` with
/// `rules` (its base, weights and extra-column fields), renumbers ids unless
/// options.compact_ids is false, and applies the directedness rule above.
edge_list read_id_list(const text_buffer& text, const read_options& options, std::size_t data_begin,
                       edge_line_rules rules, bool file_directed);

}  // namespace plexus::io::detail
