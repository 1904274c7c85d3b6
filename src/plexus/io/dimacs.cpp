// DIMACS shortest-path graphs (.gr), the format of the 9th DIMACS Implementation Challenge
// (Demetrescu, Goldberg, Johnson, http://www.diag.uniroma1.it/challenge9/format.shtml).
//
// Lines start with a type letter: "c ..." comments, one "p sp n m" problem line (n
// vertices, m arcs) before any arc, then m lines "a u v w": a directed arc u -> v with
// 1-based endpoints and a non-negative integer length w. The arc count must equal m; a
// shortfall is reported after every arc line was checked, so a malformed line is named first.
// Vertex ids stay 1-based: vertex u keeps u as its original id.
// Parallel arcs are legal (rome99 has some); the builder keeps the shortest.
#include <string>

#include "detail/graph_readers.hpp"
#include "detail/parallel_lines.hpp"

namespace plexus::io::detail {
namespace {

struct arc_rules {
  std::uint64_t n = 0;
  bool keep_weights = true;
};

bool parse_endpoint(const char*& p, const char* end, const char* base, std::uint64_t n, std::uint64_t& out,
                    chunk_error& error, std::string_view what) {
  const number_status status = parse_uint(p, end, out);
  if (status != number_status::ok) {
    error.set(static_cast<std::size_t>(p - base), describe_number_error(status, what, p, end, "a positive integer"));
    return false;
  }
  if (out == 0 || out > n) {
    error.set(static_cast<std::size_t>(p - base),
              std::string(what) + " " + std::to_string(out) + " is outside 1.." + std::to_string(n) +
                  " declared by the 'p' line");
    return false;
  }
  return true;
}

void parse_arcs(const char* p, const char* last, const char* base, const arc_rules& rules, edge_chunk& out,
                chunk_error& error) {
  out.has_weights = true;
  while (p < last) {
    p = skip_blanks(p, last);
    if (p == last) break;
    const char c = *p;
    if (c == '\n') {
      ++p;
      continue;
    }
    if (c == 'c' && (p + 1 == last || is_blank(p[1]) || p[1] == '\n')) {
      p = next_line(p, last);
      continue;
    }
    if (c == 'p') {
      error.set(static_cast<std::size_t>(p - base), "second 'p' line");
      return;
    }
    if (c != 'a' || p + 1 == last || !is_blank(p[1])) {
      error.set(static_cast<std::size_t>(p - base),
                "expected an arc line 'a u v w' or a comment 'c ...', found '" + std::string(token_at(p, last)) + "'");
      return;
    }
    p = skip_blanks(p + 1, last);
    std::uint64_t u = 0;
    std::uint64_t v = 0;
    if (!parse_endpoint(p, last, base, rules.n, u, error, "arc tail")) return;
    p = skip_blanks(p, last);
    if (!parse_endpoint(p, last, base, rules.n, v, error, "arc head")) return;
    p = skip_blanks(p, last);
    std::int64_t w = 0;
    const number_status status = parse_int(p, last, w);
    if (status != number_status::ok) {
      error.set(static_cast<std::size_t>(p - base),
                describe_number_error(status, "arc length", p, last, "a non-negative integer"));
      return;
    }
    if (w < 0) {
      error.set(static_cast<std::size_t>(p - base),
                "negative arc length " + std::to_string(w) + " (DIMACS lengths are non-negative)");
      return;
    }
    if (!at_line_end(p, last)) {
      p = skip_blanks(p, last);
      error.set(static_cast<std::size_t>(p - base), "unexpected extra token '" + std::string(token_at(p, last)) + "'");
      return;
    }
    out.add(u, v);
    if (rules.keep_weights) out.weights.push_back(static_cast<weight_t>(w));
    p = next_line(p, last);
  }
}

bool is_arc_line(const char* p, const char* end) {
  p = skip_blanks(p, end);
  return p + 1 < end && *p == 'a' && is_blank(p[1]);
}

}  // namespace

edge_list read_dimacs(const text_buffer& text, const read_options& options) {
  const char* p = text.begin();
  const char* end = text.end();
  if (text.empty()) text.fail(std::size_t{0}, "empty file (expected a 'p sp n m' line)");
  // Comments up to the problem line.
  while (p < end) {
    const char* first = skip_blanks(p, end);
    if (first == end || *first == '\n' || (*first == 'c' && (first + 1 == end || is_blank(first[1]) || first[1] == '\n'))) {
      p = next_line(p, end);
      continue;
    }
    if (*first == 'p') break;
    if (*first == 'a') text.fail(first, "arc line before the 'p sp n m' line");
    text.fail(first, "expected a 'p sp n m' line, found '" + std::string(token_at(first, end)) + "'");
  }
  if (p == end) text.fail(text.size() == 0 ? 0 : text.size() - 1, "missing 'p sp n m' line");
  const char* p_line = skip_blanks(p, end);
  p = skip_blanks(p_line + 1, end);
  if (std::string_view(p, static_cast<std::size_t>(std::min<std::ptrdiff_t>(end - p, 2))) != "sp" ||
      (p + 2 < end && !is_blank(p[2]))) {
    text.fail(p_line, "problem line must read 'p sp n m' (shortest-path problem)");
  }
  p = skip_blanks(p + 2, end);
  std::uint64_t n = 0;
  std::uint64_t m = 0;
  number_status status = parse_uint(p, end, n);
  if (status != number_status::ok) text.fail(p, describe_number_error(status, "vertex count", p, end));
  p = skip_blanks(p, end);
  status = parse_uint(p, end, m);
  if (status != number_status::ok) text.fail(p, describe_number_error(status, "arc count", p, end));
  if (!at_line_end(p, end)) text.fail(p, "unexpected extra token on the 'p' line");
  if (n > max_vertices) text.fail(p_line, std::to_string(n) + " vertices exceed the 32-bit vertex range");
  const std::size_t data_begin = text.offset_of(next_line(p, end));

  arc_rules rules;
  rules.n = n;
  rules.keep_weights = options.keep_weights;
  const char* base = text.begin();
  std::vector<edge_chunk> chunks = parse_chunks<edge_chunk>(
      text, data_begin, options.num_threads,
      [&](const char* first, const char* last, edge_chunk& out, chunk_error& error) {
        parse_arcs(first, last, base, rules, out, error);
      });
  std::uint64_t found = 0;
  for (const auto& ch : chunks) found += ch.size();
  if (found > m) {
    // Error path: find the (m+1)-th arc line.
    const char* q = text.begin() + data_begin;
    std::uint64_t seen = 0;
    while (q < end && !(is_arc_line(q, end) && seen++ == m)) q = next_line(q, end);
    text.fail(q, "more arcs than the " + std::to_string(m) + " declared by the 'p' line");
  }
  if (found < m) {
    text.fail(p_line, "'p' line declares " + std::to_string(m) + " arcs but the file holds only " +
                          std::to_string(found) + " (truncated file?)");
  }

  // DIMACS arcs are directed by the format's definition.
  const chosen_direction direction = choose_direction(options, file_direction{true, false});
  assemble_options assemble;
  assemble.base = 1;
  assemble.num_vertices = n;
  assemble.compact = options.compact_ids.value_or(false);
  assemble.directed = direction.directed;
  assemble.keep_weights = options.keep_weights;
  assemble.num_threads = options.num_threads;
  edge_list out = assemble_edges(chunks, assemble, text.name());
  out.direction_from = direction.basis;
  return out;
}

}  // namespace plexus::io::detail
