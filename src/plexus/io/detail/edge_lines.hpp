// The line parser shared by the id-list formats: SNAP, .el, .wel, KONECT and CSV.
//
// Every data line is "u v [w] [more columns]" with ids as unsigned decimal integers and
// tokens separated by blanks or commas; '#' and '%' lines and blank lines are skipped
// anywhere. The formats differ only in the rules below (id base, whether a weight column is
// absent, optional or required, whether extra columns are allowed) and in their header.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "arc_arrays.hpp"
#include "edge_chunks.hpp"
#include "text_input.hpp"

namespace plexus::io::detail {

enum class weight_column {
  none,      // a third column, if any, is not a weight (SNAP's extra columns)
  optional,  // "u v" or "u v w", the same on every line (KONECT, CSV)
  required,  // "u v w" on every line (.wel)
};

struct edge_line_rules {
  std::uint64_t base = 0;             // 1: ids start at 1 and 0 is an error
  std::uint64_t max_id = UINT64_MAX;  // larger ids are an error (set when ids are not compacted)
  weight_column weights = weight_column::none;
  unsigned skip_columns = 0;  // columns between the target id and the weight (a chosen weight column)
  bool extra_columns = true;  // ignore columns after the ids (and weight); otherwise an error
  bool keep_weights = true;   // weights are validated either way, stored only if kept
  /// Optional weight column: whether the file's first data line has one, which every line
  /// must then match (set by the parse functions below before the chunks start).
  bool optional_weight_present = false;
};

/// Parses the data lines of [begin, end of text) in parallel. When the weight column is
/// optional, the first data line decides whether lines carry one, and a line that differs is
/// an error on that line.
std::vector<edge_chunk> parse_edge_lines(const text_buffer& text, std::size_t begin, const edge_line_rules& rules,
                                         int num_threads);

/// The same parse straight into 32-bit output arrays (arc_arrays.hpp), the fast path.
/// Ids are stored as (id - base). When renumbering allows an id that needs more than 32
/// bits, the result comes back marked `wide` and the caller must use parse_edge_lines.
/// `spare_factor` is passed to parse_arcs (2 when the arcs will be mirrored).
parsed_arcs parse_edge_arcs(const text_buffer& text, std::size_t begin, const edge_line_rules& rules,
                            int num_threads, std::size_t spare_factor);

/// The header of an id-list file: the leading lines before the first data line.
struct leading_header {
  std::size_t data_begin = 0;            // offset of the first data line (or end of text)
  std::vector<std::string_view> lines;   // comment and header lines, without the line break
};

/// Scans the header of an id-list file: the comment ('#', '%') and blank lines before the
/// first edge, and at most `max_header_lines` other lines among them that do not start with
/// two numbers (a CSV column-name row; the line of SNAP's as-caida20071105.txt header that
/// lost its '#'). The first line that starts with two numbers, or the first other line past
/// that many, ends the header: it and every later line must be a comment, blank, or a valid
/// data line, so a file of word labels or a leading line with a negative id is an error at
/// its line, never skipped.
leading_header scan_leading_header(const text_buffer& text, int max_header_lines);

}  // namespace plexus::io::detail
