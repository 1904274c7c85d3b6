// Chodrow hyperedge lists (hyperedges-NAME.txt), as published with Chodrow, Veldt and
// Benson, "Generative hypergraph clustering: from blockmodels to modularity", Science
// Advances 7(28), 2021 (github.com/PhilChodrow/HypergraphModularity, data/).
//
// Line k is hyperedge k: its vertex ids, comma-separated and 1-based ("1,2,3"). Companion
// files (node-labels-NAME.txt: line i = label of vertex i) index vertices by the same ids,
// so ids are only shifted to 0-based, never renumbered, and the vertex count is the largest
// id. The layout is the plain one-hyperedge-per-line format with 1-based ids, so the parsing
// itself is shared with plain_hypergraph.cpp.
#include "hypergraph_formats.hpp"

namespace plexus::io::detail {

incidence_list read_chodrow(const std::filesystem::path& path, const hypergraph_read_options& options) {
  const text_buffer text = text_buffer::load(path, options.progress);
  return parse_hyperedge_lines(text, /*one_based=*/true);
}

}  // namespace plexus::io::detail
