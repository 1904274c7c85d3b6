// Reading hypergraphs from files.
//
// Formats: Benson/ScHoLP (NAME-nverts.txt + NAME-simplices.txt, gzip or not; pass either
// file or the folder holding them), Chodrow (hyperedges-NAME.txt, comma-separated, 1-based),
// hMETIS .hgr (with optional edge/vertex weights), HIF and XGI-data JSON, and a plain text
// format with one hyperedge per line (whitespace- or comma-separated vertex ids). `.plx`
// hypergraph caches load directly. "-" is standard input; standard input and pipes are read
// once, to their end, and their format is the caller's or, for JSON and .plx, the content's.
//
// Vertex ids are the input's own (original ids): plain and Chodrow files, Benson datasets and
// JSON name vertices by ids kept as they are, hMETIS by its 1-based ids. Ids that occur are
// the vertices, so a sparse id costs no memory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "plexus/core/progress.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "plexus/io/input.hpp"

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

/// The format of a hypergraph input whose name tells nothing (standard input, a pipe): JSON
/// and .plx say what they are; the line formats cannot be told apart by content, so for them
/// this throws plexus::error (unsupported) saying to name the format.
hypergraph_format sniff_hypergraph_format(const input_text& text);

/// True when `path` names a Benson/ScHoLP dataset in a form its reader takes: the folder, one of
/// its NAME-nverts.txt / NAME-simplices.txt files (optionally .gz), or the prefix NAME beside them.
bool names_benson_dataset(const std::filesystem::path& path);

struct hypergraph_read_options {
  hypergraph_format format = hypergraph_format::automatic;
  hypergraph_build_options build;
  bool keep_weights = true;
  /// Bytes a gzip input may inflate to; 0: the default limit (detail/text_buffer.hpp).
  std::uint64_t max_inflate = 0;
  progress_fn progress;
};

/// Parses a hypergraph file into hyperedges (not for .plx).
incidence_list read_incidence_list(const std::filesystem::path& path,
                                   const hypergraph_read_options& options = {});
/// The same for an input already in memory (a stream read whole); not for Benson datasets,
/// which are two files.
incidence_list read_incidence_list(const input_text& text, const hypergraph_read_options& options = {});
/// Reads any supported hypergraph file, .plx included, and builds both incidence CSRs.
hypergraph read_hypergraph(const std::filesystem::path& path, const hypergraph_read_options& options = {});
/// Builds parsed hyperedges as read_hypergraph does, refusing a declared vertex count far
/// beyond the pins; `input` names the input in messages.
hypergraph build_read_hypergraph(incidence_list incidence, const hypergraph_read_options& options,
                                 const std::string& input);

}  // namespace plexus::io
