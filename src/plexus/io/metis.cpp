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
// reader keeps the copy with u <= v and checks that both copies are present in equal number.
// Edge weights must be positive integers; vertex sizes and weights are checked and dropped.
// Vertex ids stay 1-based: vertex i keeps i as its original id.
#include <string>

#include <omp.h>

#include "detail/graph_readers.hpp"
#include "detail/parallel_lines.hpp"

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
  std::uint64_t entries = 0;     // adjacency entries seen (each edge twice)
  std::uint64_t lower = 0;       // entries with neighbour < vertex
};

// Parses the line of vertex `u` (0-based) in [p, line_end).
bool parse_vertex(const char* p, const char* line_end, const char* base, std::uint64_t u, const metis_rules& rules,
                  vertex_chunk& out, chunk_error& error) {
  const auto fail = [&](const char* at, std::string message) {
    error.set(static_cast<std::size_t>(at - base), std::move(message));
    return false;
  };
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
  while (p < line_end) {
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
    ++out.entries;
    if (v - 1 < u) {
      ++out.lower;
      continue;
    }
    out.edges.add(u + 1, v);
    if (rules.edge_weights && rules.keep_weights) out.edges.weights.push_back(static_cast<weight_t>(w));
  }
  return true;
}

bool is_comment_line(const char* p, const char* end) {
  // METIS comments start with '%' in the first column; leading blanks are tolerated.
  p = skip_blanks(p, end);
  return p < end && *p == '%';
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
#pragma omp parallel for schedule(static, 1) num_threads(parts)
  for (int t = 0; t < parts; ++t) {
    const std::uint64_t first = n * static_cast<std::uint64_t>(t) / static_cast<std::uint64_t>(parts);
    const std::uint64_t last = n * static_cast<std::uint64_t>(t + 1) / static_cast<std::uint64_t>(parts);
    vertex_chunk& out = chunks[static_cast<std::size_t>(t)];
    out.edges.has_weights = rules.edge_weights;
    for (std::uint64_t u = first; u < last; ++u) {
      const char* line = base + starts[u];
      if (!parse_vertex(line, find_line_end(line, end), base, u, rules, out, errors[static_cast<std::size_t>(t)])) break;
    }
  }
  rethrow_first(text, errors);

  std::uint64_t entries = 0;
  std::uint64_t lower = 0;
  std::vector<edge_chunk> edges;
  edges.reserve(chunks.size());
  for (auto& c : chunks) {
    entries += c.entries;
    lower += c.lower;
    edges.push_back(std::move(c.edges));
  }
  if (entries % 2 != 0 || entries / 2 != m) {
    text.fail(header, "header declares " + std::to_string(m) + " edges but the vertex lines hold " +
                          std::to_string(entries) + " adjacency entries (each edge appears twice)");
  }
  if (2 * lower != entries) {
    text.fail(header, "adjacency lists are not symmetric: " + std::to_string(entries - lower) +
                          " entries u <= v but " + std::to_string(lower) + " entries u > v");
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
