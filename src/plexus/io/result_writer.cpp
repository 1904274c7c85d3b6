// Result files in the input's own vertex ids; format described in result_writer.hpp.
#include "plexus/io/result_writer.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <string_view>

#include "plexus/graph/input_order.hpp"
#include "plexus/io/atomic_file.hpp"

namespace plexus::io {

namespace {

// Lines are gathered in a buffer of about this size between writes, so writing a result of
// millions of vertices is a few hundred large writes.
constexpr std::size_t kFlushBytes = 1 << 20;

/// The vertices in increasing original id, or nothing when that is already the id order (every
/// graph and hypergraph a reader builds, before any relabelling), so files list vertices in
/// the input's order whatever the internal numbering.
template <class Graph>
host_vector<vertex_t> line_order(const Graph& graph) {
  return input_order(graph.original_ids()).vertices();
}

/// Writes the header line "# <columns>", then the lines `emit(buffer, i)` appends for i in
/// [0, count), flushing in large blocks.
template <class Emit>
void write_lines(const std::filesystem::path& path, std::string_view columns, std::size_t count,
                 Emit&& emit) {
  atomic_file file(path);
  fmt::memory_buffer buffer;
  fmt::format_to(std::back_inserter(buffer), "# {}\n", columns);
  for (std::size_t i = 0; i < count; ++i) {
    emit(buffer, i);
    if (buffer.size() >= kFlushBytes) {
      file.write(buffer.data(), buffer.size());
      buffer.clear();
    }
  }
  file.write(buffer.data(), buffer.size());
  file.commit();
}

/// The header "vertex<TAB>`value`", then lines `emit(buffer, v)` for every vertex v of
/// `graph`, in the order line_order gives.
template <class Graph, class Emit>
void write_per_vertex(const std::filesystem::path& path, const Graph& graph, std::string_view value,
                      Emit&& emit) {
  const host_vector<vertex_t> order = line_order(graph);
  const std::string columns = fmt::format("vertex\t{}", value);
  write_lines(path, columns, graph.num_vertices(), [&](fmt::memory_buffer& buffer, std::size_t i) {
    emit(buffer, order.empty() ? static_cast<vertex_t>(i) : order[i]);
  });
}

/// "vertex<TAB>value<TAB>parent" lines of a traversal; format_value writes the value,
/// parent_id(v) gives the parent's input id (kNoParent: none).
template <class Graph, class ParentId, class FormatValue>
void write_traversal_lines(const std::filesystem::path& path, const Graph& graph, std::string_view value,
                           ParentId&& parent_id, FormatValue&& format_value) {
  const std::string columns = fmt::format("{}\tparent", value);
  write_per_vertex(path, graph, columns, [&](fmt::memory_buffer& buffer, vertex_t v) {
    fmt::format_to(std::back_inserter(buffer), "{}\t", graph.original_id(v));
    format_value(buffer, v);
    const std::uint64_t parent = parent_id(v);
    if (parent == kNoParent)
      fmt::format_to(std::back_inserter(buffer), "\t-1\n");
    else
      fmt::format_to(std::back_inserter(buffer), "\t{}\n", parent);
  });
}

/// The same with parents by internal id.
template <class FormatValue>
void write_vertex_lines(const std::filesystem::path& path, const csr_graph& graph, std::string_view value,
                        std::span<const vertex_t> parent, FormatValue&& format_value) {
  write_traversal_lines(
      path, graph, value,
      [&](vertex_t v) { return parent[v] == invalid_vertex ? kNoParent : graph.original_id(parent[v]); },
      format_value);
}

/// A BFS depth, -1 where unreached.
void format_depth(fmt::memory_buffer& buffer, vertex_t depth) {
  if (depth == invalid_vertex)
    fmt::format_to(std::back_inserter(buffer), "-1");
  else
    fmt::format_to(std::back_inserter(buffer), "{}", depth);
}

/// An SSSP distance, inf where unreached.
void format_distance(fmt::memory_buffer& buffer, weight_t distance) {
  if (std::isinf(distance))
    fmt::format_to(std::back_inserter(buffer), "inf");
  else
    fmt::format_to(std::back_inserter(buffer), "{}", distance);
}

/// "vertex<TAB>value" lines of real values.
template <class Graph>
void write_reals(const std::filesystem::path& path, const Graph& graph, std::span<const double> value,
                 std::string_view column) {
  write_per_vertex(path, graph, column, [&](fmt::memory_buffer& buffer, vertex_t v) {
    fmt::format_to(std::back_inserter(buffer), "{}\t{}\n", graph.original_id(v), value[v]);
  });
}

/// "vertex<TAB>label" lines of a graph or hypergraph, both ids original.
template <class Graph>
void write_labels(const std::filesystem::path& path, const Graph& graph, std::span<const vertex_t> label,
                  std::string_view column) {
  write_per_vertex(path, graph, column, [&](fmt::memory_buffer& buffer, vertex_t v) {
    fmt::format_to(std::back_inserter(buffer), "{}\t{}\n", graph.original_id(v), graph.original_id(label[v]));
  });
}

}  // namespace

void write_vertex_labels(const std::filesystem::path& path, const csr_graph& graph,
                         std::span<const vertex_t> label, std::string_view column) {
  write_labels(path, graph, label, column);
}

void write_vertex_labels(const std::filesystem::path& path, const hypergraph& graph,
                         std::span<const vertex_t> label, std::string_view column) {
  write_labels(path, graph, label, column);
}

void write_vertex_labels(const std::filesystem::path& path, const vertex_names& names,
                         std::span<const std::uint64_t> label, std::string_view column) {
  write_per_vertex(path, names, column, [&](fmt::memory_buffer& buffer, vertex_t v) {
    fmt::format_to(std::back_inserter(buffer), "{}\t{}\n", names.original_id(v), label[v]);
  });
}

void write_vertex_depths(const std::filesystem::path& path, const hypergraph& graph,
                         std::span<const vertex_t> depth) {
  write_per_vertex(path, graph, "depth", [&](fmt::memory_buffer& buffer, vertex_t v) {
    fmt::format_to(std::back_inserter(buffer), "{}\t", graph.original_id(v));
    format_depth(buffer, depth[v]);
    fmt::format_to(std::back_inserter(buffer), "\n");
  });
}

// fmt's "{}" writes a floating-point value as the shortest text that reads back to it.
void write_vertex_reals(const std::filesystem::path& path, const csr_graph& graph,
                        std::span<const double> value, std::string_view column) {
  write_reals(path, graph, value, column);
}

void write_vertex_reals(const std::filesystem::path& path, const vertex_names& names,
                        std::span<const double> value, std::string_view column) {
  write_reals(path, names, value, column);
}

void write_vertex_counts(const std::filesystem::path& path, const csr_graph& graph,
                         std::span<const std::uint64_t> count, std::string_view column) {
  write_per_vertex(path, graph, column, [&](fmt::memory_buffer& buffer, vertex_t v) {
    fmt::format_to(std::back_inserter(buffer), "{}\t{}\n", graph.original_id(v), count[v]);
  });
}

void write_scored_pairs(const std::filesystem::path& path, const csr_graph& graph,
                        std::span<const std::pair<vertex_t, vertex_t>> pairs, std::span<const double> score,
                        std::string_view column) {
  const std::string columns = fmt::format("u\tv\t{}", column);
  write_lines(path, columns, pairs.size(), [&](fmt::memory_buffer& buffer, std::size_t i) {
    fmt::format_to(std::back_inserter(buffer), "{}\t{}\t{}\n", graph.original_id(pairs[i].first),
                   graph.original_id(pairs[i].second), score[i]);
  });
}

void write_bfs_result(const std::filesystem::path& path, const csr_graph& graph,
                      std::span<const vertex_t> depth, std::span<const vertex_t> parent) {
  write_vertex_lines(path, graph, "depth", parent,
                     [&](fmt::memory_buffer& buffer, vertex_t v) { format_depth(buffer, depth[v]); });
}

void write_bfs_result(const std::filesystem::path& path, const vertex_names& names,
                      std::span<const vertex_t> depth, std::span<const std::uint64_t> parent) {
  write_traversal_lines(
      path, names, "depth", [&](vertex_t v) { return parent[v]; },
      [&](fmt::memory_buffer& buffer, vertex_t v) { format_depth(buffer, depth[v]); });
}

void write_sssp_result(const std::filesystem::path& path, const csr_graph& graph,
                       std::span<const weight_t> distance, std::span<const vertex_t> parent) {
  write_vertex_lines(path, graph, "distance", parent,
                     [&](fmt::memory_buffer& buffer, vertex_t v) { format_distance(buffer, distance[v]); });
}

void write_sssp_result(const std::filesystem::path& path, const vertex_names& names,
                       std::span<const weight_t> distance, std::span<const std::uint64_t> parent) {
  write_traversal_lines(
      path, names, "distance", [&](vertex_t v) { return parent[v]; },
      [&](fmt::memory_buffer& buffer, vertex_t v) { format_distance(buffer, distance[v]); });
}

}  // namespace plexus::io
