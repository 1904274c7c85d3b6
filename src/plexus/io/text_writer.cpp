// Graphs and hypergraphs written as text; formats described in text_writer.hpp.
#include "plexus/io/text_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "detail/text_sink.hpp"
#include "plexus/core/error.hpp"

namespace plexus::io {
namespace {

// Lines are gathered in a buffer of about this size between writes.
constexpr std::size_t kFlushBytes = 1 << 20;

/// Vertex ids in increasing input id, and each vertex's 1-based position in that order.
struct id_order {
  std::vector<vertex_t> order;
  std::vector<std::uint64_t> rank;
};

template <class Graph>
id_order order_by_input_id(const Graph& graph) {
  id_order o;
  const vertex_t n = graph.num_vertices();
  o.order.resize(n);
  std::iota(o.order.begin(), o.order.end(), vertex_t{0});
  if (graph.has_original_ids())
    std::sort(o.order.begin(), o.order.end(),
              [&](vertex_t a, vertex_t b) { return graph.original_id(a) < graph.original_id(b); });
  o.rank.resize(n);
  for (vertex_t i = 0; i < n; ++i) o.rank[o.order[i]] = std::uint64_t{i} + 1;
  return o;
}

/// Buffers formatted lines and hands them to the sink in large blocks.
class line_writer {
 public:
  explicit line_writer(const std::filesystem::path& path) : sink_(path) {}
  template <class... Args>
  void line(fmt::format_string<Args...> format, Args&&... args) {
    fmt::format_to(std::back_inserter(buffer_), format, std::forward<Args>(args)...);
    if (buffer_.size() >= kFlushBytes) flush();
  }
  void commit() {
    flush();
    sink_.commit();
  }

 private:
  void flush() {
    sink_.write(std::string_view(buffer_.data(), buffer_.size()));
    buffer_.clear();
  }
  detail::text_sink sink_;
  fmt::memory_buffer buffer_;
};

[[noreturn]] void refuse(const std::filesystem::path& path, const std::string& why) {
  throw error(error_kind::invalid_argument, path.string() + ": " + why);
}

/// A weight hMETIS can hold: a positive integer.
bool positive_integer(weight_t w) {
  return w >= 1 && w == std::floor(w) && w < 9.0e15f;
}

void write_mtx(const csr_graph& graph, const std::filesystem::path& path) {
  const id_order ids = order_by_input_id(graph);
  const bool symmetric = !graph.directed();
  const auto kept = [&](vertex_t u, vertex_t v) { return !symmetric || ids.rank[u] >= ids.rank[v]; };
  std::uint64_t entries = 0;
  for (vertex_t u = 0; u < graph.num_vertices(); ++u)
    for (const vertex_t v : graph.neighbors(u)) entries += kept(u, v);
  line_writer out(path);
  out.line("%%MatrixMarket matrix coordinate {} {}\n", graph.weighted() ? "real" : "pattern",
           symmetric ? "symmetric" : "general");
  out.line("{} {} {}\n", graph.num_vertices(), graph.num_vertices(), entries);
  for (const vertex_t u : ids.order) {
    const edge_t first = graph.offsets()[u];
    for (edge_t e = first; e < graph.offsets()[u + 1]; ++e) {
      const vertex_t v = graph.indices()[e];
      if (!kept(u, v)) continue;
      if (graph.weighted())
        out.line("{} {} {}\n", ids.rank[u], ids.rank[v], graph.weights()[e]);
      else
        out.line("{} {}\n", ids.rank[u], ids.rank[v]);
    }
  }
  out.commit();
}

void write_edge_lines(const csr_graph& graph, const std::filesystem::path& path, bool weights) {
  const id_order ids = order_by_input_id(graph);
  line_writer out(path);
  for (const vertex_t u : ids.order) {
    const std::uint64_t a = graph.original_id(u);
    for (edge_t e = graph.offsets()[u]; e < graph.offsets()[u + 1]; ++e) {
      const std::uint64_t b = graph.original_id(graph.indices()[e]);
      if (!graph.directed() && b < a) continue;  // the edge's other arc is written
      if (weights)
        out.line("{} {} {}\n", a, b, graph.weights()[e]);
      else
        out.line("{} {}\n", a, b);
    }
  }
  out.commit();
}

void write_hmetis(const hypergraph& graph, const std::filesystem::path& path) {
  const bool edge_weights = !graph.edge_weights().empty();
  const bool vertex_weights = !graph.vertex_weights().empty();
  for (hyperedge_t h = 0; h < graph.num_hyperedges(); ++h) {
    if (graph.edge_size(h) == 0)
      refuse(path, "hyperedge " + std::to_string(h + 1) + " is empty, which hMETIS cannot hold; write .hyp");
    if (edge_weights && !positive_integer(graph.edge_weights()[h]))
      refuse(path, "hyperedge weight " + fmt::format("{}", graph.edge_weights()[h]) +
                       " is not a positive integer, which hMETIS needs; write .hyp");
  }
  for (const weight_t w : graph.vertex_weights())
    if (!positive_integer(w))
      refuse(path,
             "vertex weight " + fmt::format("{}", w) + " is not a positive integer, which hMETIS needs");
  const id_order ids = order_by_input_id(graph);
  line_writer out(path);
  const int fmt_code = (edge_weights ? 1 : 0) + (vertex_weights ? 10 : 0);
  if (fmt_code != 0)
    out.line("{} {} {}\n", graph.num_hyperedges(), graph.num_vertices(), fmt_code);
  else
    out.line("{} {}\n", graph.num_hyperedges(), graph.num_vertices());
  for (hyperedge_t h = 0; h < graph.num_hyperedges(); ++h) {
    if (edge_weights) out.line("{} ", graph.edge_weights()[h]);
    const auto pins = graph.pins(h);
    for (std::size_t i = 0; i < pins.size(); ++i) {
      if (i != 0) out.line(" ");
      out.line("{}", ids.rank[pins[i]]);
    }
    out.line("\n");
  }
  if (vertex_weights)
    for (const vertex_t v : ids.order) out.line("{}\n", graph.vertex_weights()[v]);
  out.commit();
}

void write_hyperedge_lines(const hypergraph& graph, const std::filesystem::path& path) {
  line_writer out(path);
  out.line("# {} vertices, {} hyperedges: one hyperedge per line, vertex ids as in the input\n",
           graph.num_vertices(), graph.num_hyperedges());
  for (hyperedge_t h = 0; h < graph.num_hyperedges(); ++h) {
    const auto pins = graph.pins(h);
    for (std::size_t i = 0; i < pins.size(); ++i) {
      if (i != 0) out.line(" ");
      out.line("{}", graph.original_id(pins[i]));
    }
    out.line("\n");
  }
  out.commit();
}

}  // namespace

std::optional<text_output> text_output_for(const std::filesystem::path& path) {
  std::filesystem::path name = path.filename();
  if (detail::names_gzip(name)) name = name.stem();
  std::string ext = name.extension().string();
  for (char& c : ext) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (ext == ".el") return text_output::edge_list;
  if (ext == ".wel") return text_output::weighted_edge_list;
  if (ext == ".mtx") return text_output::matrix_market;
  if (ext == ".hyp") return text_output::hyperedge_lines;
  if (ext == ".hgr") return text_output::hmetis;
  return std::nullopt;
}

std::string_view to_string(text_output format) {
  switch (format) {
    case text_output::edge_list:
      return "el";
    case text_output::weighted_edge_list:
      return "wel";
    case text_output::matrix_market:
      return "mtx";
    case text_output::hyperedge_lines:
      return "hyp";
    case text_output::hmetis:
      return "hgr";
  }
  return "unknown";
}

bool holds_graphs(text_output format) {
  return format == text_output::edge_list || format == text_output::weighted_edge_list ||
         format == text_output::matrix_market;
}

bool ids_are_one_to_n(const csr_graph& graph) {
  if (!graph.has_original_ids()) return false;
  std::vector<std::uint64_t> ids(graph.original_ids().begin(), graph.original_ids().end());
  std::sort(ids.begin(), ids.end());
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] != i + 1) return false;
  return true;
}

void write_graph_text(const csr_graph& graph, const std::filesystem::path& path, text_output format) {
  if (!holds_graphs(format))
    refuse(path,
           "." + std::string(to_string(format)) + " holds hypergraphs; write a graph as .el, .wel or .mtx");
  if (format == text_output::weighted_edge_list && !graph.weighted())
    refuse(path, "the graph has no weights for a .wel file; write it as .el or .mtx");
  if (format == text_output::matrix_market) return write_mtx(graph, path);
  write_edge_lines(graph, path, format == text_output::weighted_edge_list);
}

void write_hypergraph_text(const hypergraph& graph, const std::filesystem::path& path, text_output format) {
  if (holds_graphs(format))
    refuse(path, "." + std::string(to_string(format)) + " holds graphs; write a hypergraph as .hyp or .hgr");
  if (format == text_output::hmetis) return write_hmetis(graph, path);
  write_hyperedge_lines(graph, path);
}

}  // namespace plexus::io
