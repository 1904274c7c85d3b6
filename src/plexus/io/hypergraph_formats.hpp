// The hypergraph readers behind read_incidence_list, one per file format.
//
// Each reader works on text already in memory (so tests, fuzzers and streams can feed it);
// read_hypergraph.cpp loads the input (gzip included) and dispatches. Benson datasets are two
// files, so their reader takes the path and loads both.
//
// Vertex ids are the input's own: formats that name vertices by arbitrary ids (plain,
// Chodrow, Benson) are renumbered to the ids that occur, keeping those ids as original ids,
// so a hypergraph naming vertex 300,000,000 holds only the vertices it names; hMETIS declares
// its vertex count and keeps its 1-based ids; JSON keeps numeric node ids.
#pragma once

#include <filesystem>
#include <string>

#include "detail/text_input.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "plexus/io/read_hypergraph.hpp"

namespace plexus::io::detail {

/// One hyperedge per line, ids separated by blanks or commas; '#'/'%' lines are comments;
/// a blank line is an empty hyperedge. `one_based`: ids start at 1 (Chodrow) or 0 (plain).
/// The ids that occur become the vertices, in increasing id.
incidence_list parse_hyperedge_lines(const text_buffer& text, bool one_based);

/// Renumbers the pins (file ids minus `base`) to the ids that occur and keeps the file's ids
/// as original ids; sets num_vertices.
void compact_pins(incidence_list& list, std::uint64_t base, const std::string& name);

/// Benson/ScHoLP: sizes file (one simplex size per line) + ids file (1-based ids).
incidence_list parse_benson(const text_buffer& nverts, const text_buffer& simplices);
/// `path`: the folder, NAME-nverts.txt(.gz), NAME-simplices.txt(.gz) or the prefix NAME.
incidence_list read_benson(const std::filesystem::path& path, const hypergraph_read_options& options);
/// True when `path` names a Benson dataset in one of the forms read_benson accepts.
bool looks_like_benson(const std::filesystem::path& path);

incidence_list read_chodrow(const text_buffer& text);

incidence_list parse_hmetis(const text_buffer& text, bool keep_weights);

incidence_list parse_hypergraph_json(const text_buffer& text, bool keep_weights);
/// parse_hypergraph_json with whatever the JSON library rejects turned into a parse error.
incidence_list read_hypergraph_json(const text_buffer& text, bool keep_weights);

}  // namespace plexus::io::detail
