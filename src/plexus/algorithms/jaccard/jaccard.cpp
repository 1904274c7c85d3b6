// Public jaccard(), jaccard_pairs() and jaccard_top_k(): argument checks and dispatch to a
// back end (the loops are jaccard_loop.hpp).
#include "plexus/algorithms/jaccard/jaccard.hpp"

#include <string>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/graph/simple_lists.hpp"

namespace plexus {

namespace detail {
// The loops of jaccard_loop.hpp, compiled once per back end from jaccard_instances.hpp.
template <class Space>
jaccard_result jaccard_run(const device_graph&, const jaccard_options&);
template <class Space>
jaccard_result jaccard_pairs_run(const device_graph&, std::span<const std::pair<vertex_t, vertex_t>>, const jaccard_options&);
template <class Space>
jaccard_top_k_result jaccard_top_k_run(const device_graph&, vertex_t, const jaccard_options&);
}  // namespace detail

namespace {

// Intersections count a repeated neighbour twice, and networkx (a set of neighbours) would not.
void check_graph(const device_graph& graph) {
  const csr_graph& g = graph.host_graph();
  if (g.directed())
    throw error(error_kind::unsupported,
                "jaccard needs an undirected graph: symmetrize the directed graph when reading it");
  detail::require_simple_lists(g, "jaccard");
}

}  // namespace

jaccard_result jaccard(const device_graph& graph, const jaccard_options& options) {
  check_graph(graph);
  return backends::dispatch(graph.where(), [&]<class Space>() { return detail::jaccard_run<Space>(graph, options); });
}

jaccard_result jaccard_pairs(const device_graph& graph, std::span<const std::pair<vertex_t, vertex_t>> pairs,
                             const jaccard_options& options) {
  check_graph(graph);
  const vertex_t n = graph.num_vertices();
  for (const auto& [u, v] : pairs)
    if (u >= n || v >= n)
      throw error(error_kind::invalid_argument, "jaccard pair (" + std::to_string(u) + ", " + std::to_string(v) +
                                                    ") out of range: graph has " + std::to_string(n) + " vertices");
  return backends::dispatch(graph.where(), [&]<class Space>() { return detail::jaccard_pairs_run<Space>(graph, pairs, options); });
}

jaccard_top_k_result jaccard_top_k(const device_graph& graph, vertex_t k, const jaccard_options& options) {
  check_graph(graph);
  return backends::dispatch(graph.where(), [&]<class Space>() { return detail::jaccard_top_k_run<Space>(graph, k, options); });
}

}  // namespace plexus
