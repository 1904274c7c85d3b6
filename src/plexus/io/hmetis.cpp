// hMETIS hypergraph files (.hgr), as specified in Karypis and Kumar, "hMETIS: A Hypergraph
// Partitioning Package, Version 1.5.3", 1998, section 3.1 (also read by KaHyPar, PaToH's
// converters and Mt-KaHyPar).
//
//   % comment lines start with '%'
//   m n [fmt]      m hyperedges, n vertices; fmt 1: hyperedge weights, 10: vertex weights,
//                  11: both, 0 or absent: none
//   [w] v1 v2 ...  one line per hyperedge: its weight first when fmt is 1 or 11, then its
//                  vertices, 1-based
//   w              when fmt is 10 or 11: n more lines, the weight of vertex 1..n
//
// Vertices keep their 1-based ids as original ids. Weights are positive integers. Blank lines are skipped (an hMETIS hyperedge always lists
// at least one vertex), anything after the last expected line other than comments is an
// error. The parse is serial: the edge and weight sections can only be told apart by
// counting lines from the header. Reservations are capped by the file size, so a header
// claiming billions of hyperedges costs nothing until the lines are really there.
#include <algorithm>
#include <limits>
#include <string>

#include "detail/renumber.hpp"
#include "hypergraph_formats.hpp"

namespace plexus::io::detail {
namespace {

/// Moves p to the start of the next line holding data (skipping blank and comment lines);
/// returns false at the end of the text.
bool next_data_line(const char*& p, const char* end) {
  while (p < end) {
    const char* q = skip_blanks(p, end);
    if (q < end && *q != '\n' && !is_comment(*q)) {
      p = q;
      return true;
    }
    p = next_line(p, end);
  }
  return false;
}

std::uint64_t read_count(const text_buffer& text, const char*& p, const char* end, std::string_view what) {
  std::uint64_t value = 0;
  const char* token = p;
  const number_status status = parse_uint(p, end, value);
  if (status != number_status::ok) text.fail(token, "header: " + describe_number_error(status, what, token, end));
  p = skip_blanks(p, end);
  return value;
}

/// A positive integer weight at p (weights may not be zero, negative or fractional).
weight_t read_weight(const text_buffer& text, const char*& p, const char* end, std::string_view what) {
  std::int64_t value = 0;
  const char* token = p;
  const number_status status = parse_int(p, end, value);
  if (status != number_status::ok)
    text.fail(token, describe_number_error(status, what, token, end, "a positive integer"));
  if (value <= 0) text.fail(token, std::string(what) + " " + std::to_string(value) + " is not a positive integer");
  p = skip_blanks(p, end);
  return static_cast<weight_t>(value);
}

}  // namespace

incidence_list parse_hmetis(const text_buffer& text, bool keep_weights) {
  const char* p = text.begin();
  const char* end = text.end();
  if (!next_data_line(p, end)) text.fail(text.size(), "missing header line 'num_hyperedges num_vertices [fmt]'");
  const char* header_end = find_line_end(p, end);
  const std::uint64_t m = read_count(text, p, header_end, "hyperedge count");
  const std::uint64_t n = read_count(text, p, header_end, "vertex count");
  std::uint64_t fmt = 0;
  if (p < header_end) {
    const char* token = p;
    fmt = read_count(text, p, header_end, "fmt");
    if (fmt != 0 && fmt != 1 && fmt != 10 && fmt != 11)
      text.fail(token, "header: unknown fmt " + std::to_string(fmt) + " (expected 0, 1, 10 or 11)");
  }
  if (p < header_end) text.fail(p, "header: unexpected '" + std::string(token_at(p, header_end)) + "' after fmt");
  if (m > std::numeric_limits<hyperedge_t>::max() - 1u)
    text.fail(text.begin(), "header: " + std::to_string(m) + " hyperedges exceed the 32-bit hyperedge id range");
  if (n > max_vertices)
    text.fail(text.begin(), "header: " + std::to_string(n) + " vertices exceed the 32-bit vertex id range");
  const bool edge_weights = fmt == 1 || fmt == 11;
  const bool vertex_weights = fmt == 10 || fmt == 11;
  p = next_line(header_end, end);

  // Every hyperedge line and every pin takes at least two bytes ("1\n", "1 "), so the file
  // size bounds what the arrays can need whatever the header claims.
  const std::size_t byte_cap = text.size() / 2 + 1;
  incidence_list out;
  out.num_vertices = static_cast<vertex_t>(n);
  out.edge_offsets.reserve(std::min<std::uint64_t>(m, byte_cap) + 1);
  if (edge_weights && keep_weights) out.edge_weights.reserve(std::min<std::uint64_t>(m, byte_cap));

  for (std::uint64_t h = 0; h < m; ++h) {
    if (!next_data_line(p, end))
      text.fail(text.size(), "the file ends after " + std::to_string(h) + " of the " + std::to_string(m) +
                                 " hyperedge lines the header announces");
    const char* line_end = find_line_end(p, end);
    if (edge_weights) {
      const weight_t w = read_weight(text, p, line_end, "hyperedge weight");
      if (keep_weights) out.edge_weights.push_back(w);
    }
    if (p == line_end) text.fail(p, "hyperedge " + std::to_string(h + 1) + " lists no vertices");
    while (p < line_end) {
      std::uint64_t id = 0;
      const char* token = p;
      const number_status status = parse_uint(p, line_end, id);
      if (status != number_status::ok) text.fail(token, describe_number_error(status, "vertex id", token, line_end));
      if (id == 0) text.fail(token, "vertex id 0 in a file of 1-based ids");
      if (id > n)
        text.fail(token, "vertex id " + std::to_string(id) + " exceeds the declared " + std::to_string(n) + " vertices");
      out.pins.push_back(static_cast<vertex_t>(id - 1));
      p = skip_blanks(p, line_end);
    }
    out.edge_offsets.push_back(out.pins.size());
    p = next_line(p, end);
  }

  if (vertex_weights) {
    if (keep_weights) out.vertex_weights.reserve(std::min<std::uint64_t>(n, byte_cap));
    for (std::uint64_t v = 0; v < n; ++v) {
      if (!next_data_line(p, end))
        text.fail(text.size(), "the file ends after " + std::to_string(v) + " of the " + std::to_string(n) +
                                   " vertex weight lines that fmt " + std::to_string(fmt) + " announces");
      const char* line_end = find_line_end(p, end);
      const weight_t w = read_weight(text, p, line_end, "vertex weight");
      if (p < line_end) text.fail(p, "expected one vertex weight per line");
      if (keep_weights) out.vertex_weights.push_back(w);
      p = next_line(p, end);
    }
  }
  if (next_data_line(p, end))
    text.fail(p, std::string("unexpected data after the ") + (vertex_weights ? "vertex weights" : "hyperedges") +
                     " the header announces");
  out.original_ids = shifted_ids(out.num_vertices, 1, out.pins.size(), "pins", text.name());
  return out;
}

}  // namespace plexus::io::detail
