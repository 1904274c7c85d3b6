// A run's result carried into the ids of the graph as the input gave it, for the verifiers.
//
// `plexus run --order degree` computes on a renumbered copy of the input graph. A verifier
// must check what the user gets, on the graph the user gave: so with --validate the command
// keeps the input graph (run_request::input_graph) and each algorithm's adapter carries its
// result into that graph's ids through input_ids before calling its verifier. Without a
// renumbering the input graph is the run's own and every map is the identity.
#pragma once

#include <ranges>
#include <span>
#include <utility>
#include <vector>

#include "plexus/cli/algorithm_command.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::cli {

class input_ids {
 public:
  explicit input_ids(const run_request& request)
      : graph_(request.input_graph ? *request.input_graph
               : request.streaming ? *request.streaming->graph
                                   : request.graph->host_graph()),
        vertex_(request.input_graph ? request.input_vertex : std::span<const vertex_t>{}) {}

  /// The graph verifiers check against.
  const csr_graph& graph() const { return graph_; }

  /// The input graph's id of the run's vertex v; invalid_vertex stays invalid_vertex.
  vertex_t vertex(vertex_t v) const { return vertex_.empty() || v == invalid_vertex ? v : vertex_[v]; }

  /// One value per vertex (any contiguous range), moved to the input graph's positions.
  template <class Range>
  auto values(const Range& per_vertex) const {
    host_vector<std::ranges::range_value_t<Range>> result(std::ranges::begin(per_vertex),
                                                          std::ranges::end(per_vertex));
    if (!vertex_.empty())
      for (std::size_t v = 0; v < result.size(); ++v) result[vertex_[v]] = std::ranges::data(per_vertex)[v];
    return result;
  }

  /// One vertex per vertex (labels, parents), moved to the input graph's positions and
  /// naming the input graph's vertices.
  host_vector<vertex_t> vertices(std::span<const vertex_t> per_vertex) const {
    host_vector<vertex_t> result = values(per_vertex);
    for (vertex_t& v : result) v = vertex(v);
    return result;
  }

  /// Vertex pairs naming the input graph's vertices.
  std::vector<std::pair<vertex_t, vertex_t>> pairs(std::span<const std::pair<vertex_t, vertex_t>> run) const {
    std::vector<std::pair<vertex_t, vertex_t>> result;
    result.reserve(run.size());
    for (const auto& [u, v] : run) result.emplace_back(vertex(u), vertex(v));
    return result;
  }

 private:
  const csr_graph& graph_;
  std::span<const vertex_t> vertex_;
};

}  // namespace plexus::cli
