// Chodrow hyperedge lists (hyperedges-NAME.txt), as published with Chodrow, Veldt and
// Benson, "Generative hypergraph clustering: from blockmodels to modularity", Science
// Advances 7(28), 2021 (github.com/PhilChodrow/HypergraphModularity, data/).
//
// Line k is hyperedge k: its vertex ids, comma-separated and 1-based ("1,2,3"). Companion
// files (node-labels-NAME.txt: line i = label of vertex i) index vertices by the same ids,
// so the file's ids are kept as original ids, and results name vertices by them. The layout
// is the plain one-hyperedge-per-line format with 1-based ids, so the parsing itself is
// shared with plain_hypergraph.cpp.
#include "hypergraph_formats.hpp"

namespace plexus::io::detail {

incidence_list read_chodrow(const text_buffer& text) { return parse_hyperedge_lines(text, /*one_based=*/true); }

}  // namespace plexus::io::detail
