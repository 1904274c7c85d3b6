// Plain hypergraph text (.hyp, .txt): one hyperedge per line.
//
//   # comment            lines whose first non-blank byte is '#' or '%' are skipped
//   0 1 2                hyperedge {0, 1, 2}; ids separated by blanks and/or commas
//   3,4                  hyperedge {3, 4}
//                        a blank line is an empty hyperedge (line k of data = hyperedge k)
//
// Ids are 0-based and arbitrary: the ids that occur are the vertices, kept as original ids, so
// a sparse id costs nothing (compact_pins). The Chodrow format
// (hyperedges-NAME.txt) is the same layout with 1-based ids, so both go through
// parse_hyperedge_lines. Lines are parsed in parallel, one chunk of whole lines per thread,
// and the chunks are joined in file order, so the result does not depend on the thread count.
#include <algorithm>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "detail/parallel_lines.hpp"
#include "detail/renumber.hpp"
#include "hypergraph_formats.hpp"

namespace plexus::io::detail {
namespace {

struct lines_chunk {
  std::vector<edge_t> sizes;
  std::vector<vertex_t> pins;
};

void parse_lines_chunk(const char* p, const char* end, bool one_based, lines_chunk& out, chunk_error& err,
                       const text_buffer& text) {
  // With 1-based ids the largest is 2^32 - 1 (0-based 2^32 - 2), with 0-based ids 2^32 - 2,
  // so every id stays below invalid_vertex.
  const std::uint64_t max_id = one_based ? max_vertices : max_vertices - 1;
  while (p < end) {
    const char* line_end = find_line_end(p, end);
    const char* q = skip_separators(p, line_end);
    if (q < line_end && is_comment(*q)) {
      p = line_end < end ? line_end + 1 : end;
      continue;
    }
    edge_t size = 0;
    while (q < line_end) {
      std::uint64_t id = 0;
      const char* token = q;
      const number_status status = parse_uint(q, line_end, id);
      if (status != number_status::ok) {
        err.set(text.offset_of(token), describe_number_error(status, "vertex id", token, line_end));
        return;
      }
      if (one_based && id == 0) {
        err.set(text.offset_of(token), "vertex id 0 in a file of 1-based ids");
        return;
      }
      if (id > max_id) {
        err.set(text.offset_of(token), "vertex id " + std::to_string(id) + " exceeds the 32-bit vertex id range");
        return;
      }
      const vertex_t v = static_cast<vertex_t>(one_based ? id - 1 : id);
      out.pins.push_back(v);
      ++size;
      q = skip_separators(q, line_end);
    }
    out.sizes.push_back(size);
    p = line_end < end ? line_end + 1 : end;
  }
}

}  // namespace

incidence_list parse_hyperedge_lines(const text_buffer& text, bool one_based) {
  const std::vector<lines_chunk> chunks = parse_chunks<lines_chunk>(
      text, 0, 0, [&](const char* first, const char* last, lines_chunk& out, chunk_error& err) {
        parse_lines_chunk(first, last, one_based, out, err, text);
      });

  // Where each chunk's hyperedges and pins start in the joined arrays.
  const std::size_t parts = chunks.size();
  std::vector<std::size_t> edge_start(parts + 1, 0), pin_start(parts + 1, 0);
  for (std::size_t c = 0; c < parts; ++c) {
    edge_start[c + 1] = edge_start[c] + chunks[c].sizes.size();
    pin_start[c + 1] = pin_start[c] + chunks[c].pins.size();
  }
  if (edge_start[parts] > std::numeric_limits<hyperedge_t>::max() - 1u)
    throw_parse_error(text.name(), 0, "more hyperedges than the 32-bit hyperedge id range holds");

  incidence_list out;
  out.edge_offsets.resize(edge_start[parts] + 1);
  out.pins.resize(pin_start[parts]);
  out.edge_offsets[0] = 0;
#pragma omp parallel for schedule(dynamic, 1)
  for (std::size_t c = 0; c < parts; ++c) {
    const lines_chunk& chunk = chunks[c];
    std::copy(chunk.pins.begin(), chunk.pins.end(), out.pins.begin() + static_cast<std::ptrdiff_t>(pin_start[c]));
    edge_t offset = pin_start[c];
    for (std::size_t i = 0; i < chunk.sizes.size(); ++i) {
      offset += chunk.sizes[i];
      out.edge_offsets[edge_start[c] + i + 1] = offset;
    }
  }
  compact_pins(out, one_based ? 1 : 0, text.name());
  return out;
}

void compact_pins(incidence_list& list, std::uint64_t base, const std::string& name) {
  const std::size_t pins = list.pins.size();
  vertex_t smallest = invalid_vertex;
  vertex_t largest = 0;
#pragma omp parallel for schedule(static) reduction(min : smallest) reduction(max : largest)
  for (std::size_t i = 0; i < pins; ++i) {
    smallest = std::min(smallest, list.pins[i]);
    largest = std::max(largest, list.pins[i]);
  }
  const std::span<vertex_t> arrays[] = {{list.pins.data(), pins}};
  list.original_ids = renumber_ids(arrays, smallest, largest, base, 0, name);
  list.num_vertices = static_cast<vertex_t>(list.original_ids.size());
}

}  // namespace plexus::io::detail
