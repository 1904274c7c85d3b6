// METIS graph files (.graph, .metis): undirected adjacency lists (Karypis, "METIS: A
// Software Package for Partitioning Unstructured Graphs ... Version 5.1.0", manual
// section 4.1.1).
//
// The header "n m [fmt [ncon]]" gives n vertices and m undirected edges; fmt is three
// binary digits "sve": s = a vertex size precedes each line, v = ncon vertex weights follow
// (ncon defaults to 1), e = each neighbour is followed by an edge weight. Then come exactly
// n vertex lines: line i lists the neighbours of vertex i (1-based). A blank line is a
// vertex without neighbours, so blank lines are never skipped; only '%' lines are comments.
// Every edge appears in the lists of both endpoints, so the entry total must be 2m; the
// reader keeps the copy with u < v. The lists must be symmetric, weights included: an entry
// whose neighbour does not list it back (with the same weight) is an error at its line, as is
// a neighbour listed twice in one line or a vertex listing itself (the manual's graphs have
// neither). Symmetry is checked by a keyed multiset hash of both halves while the lines are
// parsed (core/multiset_hash.hpp); only when the halves differ are the entries sorted to name
// the first one without its mirror. Edge weights must be positive integers; vertex sizes and
// weights are checked and dropped.
// Vertex ids stay 1-based: vertex i keeps i as its original id.
#include <omp.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <tuple>

#include "detail/graph_readers.hpp"
#include "detail/parallel_lines.hpp"
#include "plexus/core/multiset_hash.hpp"

namespace plexus::io::detail {
namespace {

struct metis_rules {
  std::uint64_t n = 0;
  bool vertex_sizes = false;
  std::uint64_t vertex_weights = 0;  // per vertex (ncon)
  bool edge_weights = false;
  bool keep_weights = true;
};

struct vertex_chunk {
  edge_chunk edges;
  std::uint64_t entries = 0;  // adjacency entries seen (each edge twice)
  std::uint64_t lower = 0;    // entries with neighbour < vertex
  // Multiset hashes of the entries (smaller id, larger id, weight) listed by the smaller end
  // and by the larger end: equal when every edge is listed by both.
  std::uint64_t upper_hash = 0, lower_hash = 0;
  std::vector<std::uint64_t> line_scratch;  // one line's neighbours, sorted to find repeats
};

/// The neighbours of one vertex line in [p, line_end), in order, with their weights (1 when
/// the file has none). For the slow paths only: the lines were validated by parse_vertex.
std::vector<std::pair<std::uint64_t, std::uint64_t>> line_entries(const char* p, const char* line_end,
                                                                  const metis_rules& rules) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> entries;
  p = skip_blanks(p, line_end);
  for (std::uint64_t k = 0; k < (rules.vertex_sizes ? 1 : 0) + rules.vertex_weights; ++k) {
    std::uint64_t skipped = 0;
    parse_uint(p, line_end, skipped);
    p = skip_blanks(p, line_end);
  }
  while (p < line_end) {
    std::uint64_t v = 0, w = 1;
    parse_uint(p, line_end, v);
    p = skip_blanks(p, line_end);
    if (rules.edge_weights) {
      parse_uint(p, line_end, w);
      p = skip_blanks(p, line_end);
    }
    entries.emplace_back(v, w);
  }
  return entries;
}

// Parses the line of vertex `u` (0-based) in [p, line_end).
bool parse_vertex(const char* p, const char* line_end, const char* base, std::uint64_t u,
                  const metis_rules& rules, const multiset_hash& hash, vertex_chunk& out,
                  chunk_error& error) {
  const auto fail = [&](const char* at, std::string message) {
    error.set(static_cast<std::size_t>(at - base), std::move(message));
    return false;
  };
  const char* line_start = p;
  p = skip_blanks(p, line_end);
  std::uint64_t skip = (rules.vertex_sizes ? 1 : 0) + rules.vertex_weights;
  for (std::uint64_t k = 0; k < skip; ++k) {
    std::uint64_t value = 0;
    const number_status status = parse_uint(p, line_end, value);
    if (status != number_status::ok) {
      return fail(p, describe_number_error(status, rules.vertex_sizes && k == 0 ? "vertex size" : "vertex weight", p,
                                           line_end));
    }
    p = skip_blanks(p, line_end);
  }
  bool increasing = true;
  std::uint64_t previous = 0;
  std::vector<std::uint64_t>& neighbours = out.line_scratch;
  neighbours.clear();
  while (p < line_end) {
    const char* entry = p;
    std::uint64_t v = 0;
    number_status status = parse_uint(p, line_end, v);
    if (status != number_status::ok) {
      return fail(p, describe_number_error(status, "neighbour id", p, line_end, "a positive integer"));
    }
    if (v == 0 || v > rules.n) {
      return fail(p, "neighbour id " + std::to_string(v) + " is outside 1.." + std::to_string(rules.n) +
                         " declared by the header");
    }
    p = skip_blanks(p, line_end);
    std::uint64_t w = 1;
    if (rules.edge_weights) {
      status = parse_uint(p, line_end, w);
      if (status == number_status::missing) return fail(p, "missing edge weight after neighbour " + std::to_string(v));
      if (status != number_status::ok) {
        if (*p == '-') return fail(p, "edge weight " + std::string(token_at(p, line_end)) + " is not positive");
        return fail(p, describe_number_error(status, "edge weight", p, line_end, "a positive integer"));
      }
      if (w == 0) return fail(p, "edge weight 0 is not positive");
      p = skip_blanks(p, line_end);
    }
    if (v - 1 == u)
      return fail(entry,
                  "vertex " + std::to_string(u + 1) + " lists itself: METIS graphs have no self-loops");
    increasing = increasing && v > previous;
    previous = v;
    neighbours.push_back(v);
    ++out.entries;
    if (v - 1 < u) {
      ++out.lower;
      out.lower_hash += hash(static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(u + 1), w);
      continue;
    }
    out.upper_hash += hash(static_cast<std::uint32_t>(u + 1), static_cast<std::uint32_t>(v), w);
    out.edges.add(u + 1, v);
    if (rules.edge_weights && rules.keep_weights) out.edges.weights.push_back(static_cast<weight_t>(w));
  }
  // A neighbour listed twice: lines in increasing order (most files) cannot hold one; others
  // are sorted aside to look.
  if (!increasing) {
    std::sort(neighbours.begin(), neighbours.end());
    const auto repeat = std::adjacent_find(neighbours.begin(), neighbours.end());
    if (repeat != neighbours.end())
      return fail(line_start, "vertex " + std::to_string(u + 1) + " lists neighbour " +
                                  std::to_string(*repeat) + " more than once");
  }
  return true;
}

bool is_comment_line(const char* p, const char* end) {
  // METIS comments start with '%' in the first column; leading blanks are tolerated.
  p = skip_blanks(p, end);
  return p < end && *p == '%';
}

/// The slow path once the hashes say the lists are not symmetric: every entry in the
/// orientation (smaller id, larger id, weight), the ones listed by the smaller end and by the
/// larger end sorted apart and matched; of the entries left without a mirror, the one on the
/// earliest line is named there. (Returns only if every entry finds its mirror after all,
/// which the hashes make all but impossible.)
void require_symmetric(const text_buffer& text, const std::vector<std::size_t>& starts,
                       const metis_rules& rules) {
  using entry = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>;  // (smaller, larger, weight)
  std::vector<entry> by_smaller, by_larger;
  const char* end = text.end();
  for (std::uint64_t u = 1; u <= rules.n; ++u) {
    const char* line = text.begin() + starts[u - 1];
    for (const auto& [v, w] : line_entries(line, find_line_end(line, end), rules))
      (v > u ? by_smaller : by_larger).emplace_back(std::min(u, v), std::max(u, v), w);
  }
  std::sort(by_smaller.begin(), by_smaller.end());
  std::sort(by_larger.begin(), by_larger.end());
  std::vector<entry> lone_smaller, lone_larger;  // entries only one end lists
  std::set_difference(by_smaller.begin(), by_smaller.end(), by_larger.begin(), by_larger.end(),
                      std::back_inserter(lone_smaller));
  std::set_difference(by_larger.begin(), by_larger.end(), by_smaller.begin(), by_smaller.end(),
                      std::back_inserter(lone_larger));
  // The lister of an entry is the end whose line holds it: the smaller id for lone_smaller.
  const auto first_smaller = lone_smaller.empty() ? by_smaller.end() : lone_smaller.begin();
  const auto earliest_larger =
      std::min_element(lone_larger.begin(), lone_larger.end(),
                       [](const entry& x, const entry& y) { return std::get<1>(x) < std::get<1>(y); });
  const bool smaller_side =
      !lone_smaller.empty() &&
      (lone_larger.empty() || std::get<0>(*first_smaller) <= std::get<1>(*earliest_larger));
  if (lone_smaller.empty() && lone_larger.empty()) return;
  const auto [a, b, w] = smaller_side ? *first_smaller : *earliest_larger;
  const std::uint64_t lister = smaller_side ? a : b, other = smaller_side ? b : a;
  const char* line = text.begin() + starts[lister - 1];
  // Listed back with another weight, or not at all.
  const std::vector<entry>& opposite = smaller_side ? by_larger : by_smaller;
  const auto same_edge = std::lower_bound(opposite.begin(), opposite.end(), entry{a, b, 0});
  if (same_edge != opposite.end() && std::get<0>(*same_edge) == a && std::get<1>(*same_edge) == b)
    text.fail(line, "vertex " + std::to_string(lister) + " lists neighbour " + std::to_string(other) +
                        " with weight " + std::to_string(w) + ", but vertex " + std::to_string(other) +
                        " lists " + std::to_string(lister) + " with weight " +
                        std::to_string(std::get<2>(*same_edge)));
  text.fail(line, "vertex " + std::to_string(lister) + " lists neighbour " + std::to_string(other) +
                      ", but vertex " + std::to_string(other) + " does not list " + std::to_string(lister) +
                      " (METIS lists every edge at both ends)");
}

}  // namespace

edge_list read_metis(const text_buffer& text, const read_options& options) {
  const char* p = text.begin();
  const char* end = text.end();
  // Header: the first line that is not a comment (blank lines before it are skipped).
  while (p < end && (is_comment_line(p, end) || at_line_end(p, end))) p = next_line(p, end);
  if (p == end) text.fail(text.size() == 0 ? 0 : text.size() - 1, "missing METIS header 'n m [fmt [ncon]]'");
  const char* header = p;
  const char* header_end = find_line_end(p, end);
  std::uint64_t fields[4] = {0, 0, 0, 0};
  const char* names[4] = {"vertex count", "edge count", "format code", "constraint count"};
  int count = 0;
  p = skip_blanks(p, header_end);
  while (p < header_end && count < 4) {
    const number_status status = parse_uint(p, header_end, fields[count]);
    if (status != number_status::ok) {
      text.fail(p, "METIS header must be numeric 'n m [fmt [ncon]]': " +
                       describe_number_error(status, names[count], p, header_end));
    }
    ++count;
    p = skip_blanks(p, header_end);
  }
  if (p < header_end) text.fail(p, "METIS header has more than 4 fields");
  if (count < 2) text.fail(header, "METIS header must be 'n m [fmt [ncon]]'");
  metis_rules rules;
  rules.n = fields[0];
  const std::uint64_t m = fields[1];
  const std::uint64_t fmt = fields[2];
  if (fmt % 10 > 1 || fmt / 10 % 10 > 1 || fmt / 100 > 1) {
    text.fail(header, "METIS format code " + std::to_string(fmt) + " must be three binary digits (e.g. 1, 10, 11, 100)");
  }
  rules.edge_weights = fmt % 10 == 1;
  rules.vertex_sizes = fmt / 100 == 1;
  if (fmt / 10 % 10 == 1) rules.vertex_weights = count == 4 ? fields[3] : 1;
  rules.keep_weights = options.keep_weights;
  if (rules.n > max_vertices) text.fail(header, std::to_string(rules.n) + " vertices exceed the 32-bit vertex range");
  const std::uint64_t rest = static_cast<std::uint64_t>(end - header_end);
  // Every vertex needs a line ('\n'), every adjacency entry at least 2 bytes ("1 ").
  // (Only the vertex count sizes an allocation here; the edge count is checked against the
  // lines after they were parsed, so a malformed line is named before a wrong count.)
  if (rules.n > rest + 1) {
    text.fail(header, "header declares " + std::to_string(rules.n) + " vertices, more than the rest of the file (" +
                          std::to_string(rest) + " bytes) can hold");
  }

  // Index the vertex lines (serial, memchr speed): line i of the body is vertex i.
  std::vector<std::size_t> starts;
  starts.reserve(static_cast<std::size_t>(rules.n) + 1);
  p = header_end < end ? header_end + 1 : end;
  while (p < end) {
    if (!is_comment_line(p, end)) {
      if (starts.size() == rules.n) {
        if (!at_line_end(p, end)) {
          text.fail(p, "more vertex lines than the " + std::to_string(rules.n) + " declared by the header");
        }
      } else {
        starts.push_back(text.offset_of(p));
      }
    }
    p = next_line(p, end);
  }
  if (starts.size() < rules.n) {
    const std::size_t last = text.view().back() == '\n' ? text.size() - 1 : text.size();
    text.fail(last, "file ends after " + std::to_string(starts.size()) + " of the " + std::to_string(rules.n) +
                        " vertex lines declared by the header (truncated?)");
  }

  const int threads = options.num_threads > 0 ? options.num_threads : omp_get_max_threads();
  const int parts = chunk_count(text.size(), threads);
  std::vector<vertex_chunk> chunks(static_cast<std::size_t>(parts));
  std::vector<chunk_error> errors(static_cast<std::size_t>(parts));
  const char* base = text.begin();
  const std::uint64_t n = rules.n;
  const multiset_hash hash;
#pragma omp parallel for schedule(static, 1) num_threads(parts)
  for (int t = 0; t < parts; ++t) {
    const std::uint64_t first = n * static_cast<std::uint64_t>(t) / static_cast<std::uint64_t>(parts);
    const std::uint64_t last = n * static_cast<std::uint64_t>(t + 1) / static_cast<std::uint64_t>(parts);
    vertex_chunk& out = chunks[static_cast<std::size_t>(t)];
    out.edges.has_weights = rules.edge_weights;
    for (std::uint64_t u = first; u < last; ++u) {
      const char* line = base + starts[u];
      if (!parse_vertex(line, find_line_end(line, end), base, u, rules, hash, out,
                        errors[static_cast<std::size_t>(t)]))
        break;
    }
  }
  rethrow_first(text, errors);

  std::uint64_t entries = 0;
  std::uint64_t lower = 0;
  std::uint64_t upper_hash = 0, lower_hash = 0;
  std::vector<edge_chunk> edges;
  edges.reserve(chunks.size());
  for (auto& c : chunks) {
    entries += c.entries;
    lower += c.lower;
    upper_hash += c.upper_hash;
    lower_hash += c.lower_hash;
    edges.push_back(std::move(c.edges));
  }
  if (2 * lower != entries || upper_hash != lower_hash) require_symmetric(text, starts, rules);
  if (entries / 2 != m) {
    text.fail(header, "header declares " + std::to_string(m) + " edges but the vertex lines hold " +
                          std::to_string(entries) + " adjacency entries (each edge appears twice)");
  }

  // METIS graphs are undirected by the format's definition.
  const chosen_direction direction = choose_direction(options, file_direction{false, false});
  assemble_options assemble;
  assemble.base = 1;
  assemble.num_vertices = n;
  assemble.compact = options.compact_ids.value_or(false);
  assemble.directed = direction.directed;
  assemble.mirror = direction.mirror;
  assemble.keep_weights = options.keep_weights;
  assemble.num_threads = options.num_threads;
  edge_list out = assemble_edges(edges, assemble, text.name());
  out.direction_from = direction.basis;
  return out;
}

}  // namespace plexus::io::detail
