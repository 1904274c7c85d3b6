// LDBC Graphalytics graphs: NAME.e, one edge "u v [w]" per line, and NAME.v, one vertex id
// per line (Iosup et al., "LDBC Graphalytics: A Benchmark for Large-Scale Graph Analysis on
// Parallel and Distributed Platforms", PVLDB 9(13), 2016; format in the Graphalytics
// specification, section 2.2.1). GraphScope's copies add a value column to NAME.v, ignored here.
//
// Ids are arbitrary non-negative integers. The vertex file lists every vertex, isolated ones
// included, so when it is read the graph has exactly its vertices, numbered in increasing id
// and keeping the ids as original ids; every edge must join two listed vertices. Without a
// vertex file the ids that occur in edges are the vertices, as for any id list. Edges are
// directed unless the caller says otherwise (the direction lives in the dataset's properties
// file, not in these two).
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "detail/graph_readers.hpp"
#include "detail/parallel_lines.hpp"
#include "plexus/core/error.hpp"

namespace plexus::io::detail {
namespace {

struct vertex_chunk {
  std::vector<std::pair<std::uint64_t, std::size_t>> ids;  // (id, offset of its line)
};

/// The vertex ids of a vertex file, sorted, with the offset of each id's line.
std::vector<std::pair<std::uint64_t, std::size_t>> read_vertex_ids(const text_buffer& vertices) {
  const char* base = vertices.begin();
  auto chunks = parse_chunks<vertex_chunk>(
      vertices, 0, 0, [&](const char* p, const char* end, vertex_chunk& out, chunk_error& error) {
        while (p < end) {
          const char* line_end = find_line_end(p, end);
          const char* q = skip_separators(p, line_end);
          if (q < line_end && !is_comment(*q)) {
            std::uint64_t id = 0;
            const number_status status = parse_uint(q, line_end, id);
            if (status != number_status::ok)
              return error.set(static_cast<std::size_t>(q - base),
                               describe_number_error(status, "vertex id", q, line_end));
            out.ids.emplace_back(id, static_cast<std::size_t>(q - base));
          }
          p = line_end < end ? line_end + 1 : end;
        }
      });
  std::vector<std::pair<std::uint64_t, std::size_t>> ids;
  for (auto& c : chunks) ids.insert(ids.end(), c.ids.begin(), c.ids.end());
  std::sort(ids.begin(), ids.end());
  for (std::size_t i = 1; i < ids.size(); ++i)
    if (ids[i].first == ids[i - 1].first)
      vertices.fail(ids[i].second, "vertex id " + std::to_string(ids[i].first) + " is listed twice");
  if (ids.size() > max_vertices)
    throw_parse_error(vertices.name(), 0,
                      std::to_string(ids.size()) + " vertices exceed the 32-bit vertex range");
  return ids;
}

/// Offset of the first edge line naming `id` (error path only: a serial scan).
std::size_t first_line_naming(const text_buffer& text, std::uint64_t id) {
  const char* p = text.begin();
  const char* end = text.end();
  while (p < end) {
    const char* line_end = find_line_end(p, end);
    const char* q = skip_separators(p, line_end);
    for (int column = 0; column < 2 && q < line_end; ++column) {
      std::uint64_t value = 0;
      const char* token = q;
      if (parse_uint(q, line_end, value) != number_status::ok) break;
      if (value == id) return text.offset_of(token);
      q = skip_separators(q, line_end);
    }
    p = line_end < end ? line_end + 1 : end;
  }
  return 0;
}

}  // namespace

edge_list read_graphalytics(const text_buffer& text, const read_options& options,
                            const text_buffer* vertices) {
  edge_line_rules rules;
  rules.base = 0;
  rules.weights = weight_column::optional;
  rules.extra_columns = false;
  read_options edge_options = options;
  if (vertices != nullptr) edge_options.compact_ids = true;
  id_list_layout layout;
  layout.vertices_listed_apart = vertices != nullptr;
  edge_list edges = read_id_list(text, edge_options, rules, layout);
  if (vertices == nullptr) return edges;

  const auto listed = read_vertex_ids(*vertices);
  // Vertex i of the edge list is edges.original_ids[i]; it becomes its rank among the listed.
  std::vector<vertex_t> rank(edges.original_ids.size());
  for (std::size_t i = 0; i < rank.size(); ++i) {
    const std::uint64_t id = edges.original_ids[i];
    const auto it = std::lower_bound(listed.begin(), listed.end(), std::make_pair(id, std::size_t{0}));
    if (it == listed.end() || it->first != id)
      text.fail(first_line_naming(text, id),
                "vertex " + std::to_string(id) + " is not listed in " + vertices->name());
    rank[i] = static_cast<vertex_t>(it - listed.begin());
  }
  const std::size_t m = edges.src.size();
#pragma omp parallel for schedule(static)
  for (std::size_t e = 0; e < m; ++e) {
    edges.src[e] = rank[edges.src[e]];
    edges.dst[e] = rank[edges.dst[e]];
  }
  edges.num_vertices = static_cast<vertex_t>(listed.size());
  edges.original_ids.resize(listed.size());
  for (std::size_t i = 0; i < listed.size(); ++i) edges.original_ids[i] = listed[i].first;
  return edges;
}

}  // namespace plexus::io::detail
