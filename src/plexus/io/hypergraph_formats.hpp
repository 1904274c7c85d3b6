// The hypergraph readers behind read_incidence_list, one per file format.
//
// Each parse_* function works on text already in memory (so tests and fuzzers can feed
// strings); each read_* function resolves and loads the file(s) through the shared text
// layer (gzip included) and calls its parse_* function. read_hypergraph.cpp dispatches.
#pragma once

#include <filesystem>

#include "detail/text_input.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "plexus/io/read_hypergraph.hpp"

namespace plexus::io::detail {

/// One hyperedge per line, ids separated by blanks or commas; '#'/'%' lines are comments;
/// a blank line is an empty hyperedge. `one_based`: ids start at 1 (Chodrow) or 0 (plain).
/// num_vertices = largest id + 1 after shifting to 0-based.
incidence_list parse_hyperedge_lines(const text_buffer& text, bool one_based);

/// Benson/ScHoLP: sizes file (one simplex size per line) + ids file (1-based ids).
incidence_list parse_benson(const text_buffer& nverts, const text_buffer& simplices);
/// `path`: the folder, NAME-nverts.txt(.gz), NAME-simplices.txt(.gz) or the prefix NAME.
incidence_list read_benson(const std::filesystem::path& path, const hypergraph_read_options& options);
/// True when `path` names a Benson dataset in one of the forms read_benson accepts.
bool looks_like_benson(const std::filesystem::path& path);

incidence_list read_chodrow(const std::filesystem::path& path, const hypergraph_read_options& options);

incidence_list parse_hmetis(const text_buffer& text, bool keep_weights);
incidence_list read_hmetis(const std::filesystem::path& path, const hypergraph_read_options& options);

incidence_list parse_hypergraph_json(const text_buffer& text, bool keep_weights);
incidence_list read_hypergraph_json(const std::filesystem::path& path, const hypergraph_read_options& options);

incidence_list read_plain_hypergraph(const std::filesystem::path& path, const hypergraph_read_options& options);

}  // namespace plexus::io::detail
