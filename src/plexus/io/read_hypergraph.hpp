// Reading hypergraphs from files.
//
// Formats: Benson/ScHoLP (NAME-nverts.txt + NAME-simplices.txt, gzip or not; pass either
// file or the folder holding them), Chodrow (hyperedges-NAME.txt, comma-separated, 1-based),
// hMETIS .hgr (with optional edge/vertex weights), HIF and XGI-data JSON, and a plain text
// format with one hyperedge per line (whitespace- or comma-separated vertex ids). `.plx`
// hypergraph caches load directly.
#pragma once

#include <filesystem>
#include <string_view>

#include "plexus/core/progress.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::io {

enum class hypergraph_format {
  automatic,
  benson,   // NAME-nverts.txt(.gz) + NAME-simplices.txt(.gz)
  chodrow,  // hyperedges-NAME.txt
  hmetis,   // .hgr
  json,     // HIF (.hif.json / "incidences" with "edge"/"node") and XGI-data JSON
  plain,    // .hyp / .txt: one hyperedge per line
  plx,      // Plexus binary cache
};

std::string_view to_string(hypergraph_format format);
hypergraph_format parse_hypergraph_format(std::string_view name);

struct hypergraph_read_options {
  hypergraph_format format = hypergraph_format::automatic;
  hypergraph_build_options build;
  bool keep_weights = true;
  progress_fn progress;
};

/// Parses a hypergraph file into hyperedges (not for .plx).
incidence_list read_incidence_list(const std::filesystem::path& path,
                                   const hypergraph_read_options& options = {});
/// Reads any supported hypergraph file, .plx included, and builds both incidence CSRs.
hypergraph read_hypergraph(const std::filesystem::path& path, const hypergraph_read_options& options = {});

}  // namespace plexus::io
