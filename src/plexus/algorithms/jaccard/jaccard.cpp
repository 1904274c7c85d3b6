// Public jaccard(), jaccard_pairs() and jaccard_top_k(): argument checks and dispatch to a
// back end; and the host (OpenMP) instantiations (algorithms/detail/jaccard_impl.hpp).
#include "plexus/algorithms/jaccard/jaccard.hpp"

#include <string>

#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/jaccard/jaccard_loop.hpp"
#include "plexus/core/error.hpp"
#include "plexus/graph/simple_lists.hpp"

namespace plexus {

namespace detail {
jaccard_result jaccard_host(const device_graph& graph, const jaccard_options& options) {
  return jaccard_run<exec::host>(graph, options);
}
jaccard_result jaccard_pairs_host(const device_graph& graph, std::span<const std::pair<vertex_t, vertex_t>> pairs,
                                  const jaccard_options& options) {
  return jaccard_pairs_run<exec::host>(graph, pairs, options);
}
jaccard_top_k_result jaccard_top_k_host(const device_graph& graph, vertex_t k, const jaccard_options& options) {
  return jaccard_top_k_run<exec::host>(graph, k, options);
}
}  // namespace detail

namespace {

#if !defined(PLEXUS_HAVE_CUDA)
[[noreturn]] void no_cuda() {
  throw error(error_kind::unsupported, "cuda back end: this build of Plexus was compiled without CUDA");
}
#endif

// Intersections count a repeated neighbour twice, and networkx (a set of neighbours) would not.
void check_graph(const device_graph& graph) {
  const csr_graph& g = graph.host_graph();
  if (g.directed())
    throw error(error_kind::invalid_argument,
                "jaccard needs an undirected graph: symmetrize the directed graph when reading it");
  detail::require_simple_lists(g, "jaccard");
}

}  // namespace

jaccard_result jaccard(const device_graph& graph, const jaccard_options& options) {
  check_graph(graph);
  if (graph.where() == backend::cuda) {
#if defined(PLEXUS_HAVE_CUDA)
    return detail::jaccard_cuda(graph, options);
#else
    no_cuda();
#endif
  }
  return detail::jaccard_host(graph, options);
}

jaccard_result jaccard_pairs(const device_graph& graph, std::span<const std::pair<vertex_t, vertex_t>> pairs,
                             const jaccard_options& options) {
  check_graph(graph);
  const vertex_t n = graph.num_vertices();
  for (const auto& [u, v] : pairs)
    if (u >= n || v >= n)
      throw error(error_kind::invalid_argument, "jaccard pair (" + std::to_string(u) + ", " + std::to_string(v) +
                                                    ") out of range: graph has " + std::to_string(n) + " vertices");
  if (graph.where() == backend::cuda) {
#if defined(PLEXUS_HAVE_CUDA)
    return detail::jaccard_pairs_cuda(graph, pairs, options);
#else
    no_cuda();
#endif
  }
  return detail::jaccard_pairs_host(graph, pairs, options);
}

jaccard_top_k_result jaccard_top_k(const device_graph& graph, vertex_t k, const jaccard_options& options) {
  check_graph(graph);
  if (graph.where() == backend::cuda) {
#if defined(PLEXUS_HAVE_CUDA)
    return detail::jaccard_top_k_cuda(graph, k, options);
#else
    no_cuda();
#endif
  }
  return detail::jaccard_top_k_host(graph, k, options);
}

}  // namespace plexus
