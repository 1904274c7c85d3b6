// Public hyper_components(): dispatch to a back end; the host (OpenMP) instantiation of the
// hypergraph components loop; the component counts of the result.
#include "plexus/algorithms/hyper_cc/hyper_cc.hpp"

#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/hyper_cc/hyper_cc_loop.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
hyper_components_result hyper_components_host(const device_hypergraph& graph,
                                              const hyper_components_options& options) {
  return hyper_components_run<exec::host>(graph, options);
}
}  // namespace detail

hyper_components_result hyper_components(const device_hypergraph& graph, const hyper_components_options& options) {
  hyper_components_result result;
  if (graph.where() == backend::cuda) {
#if defined(PLEXUS_HAVE_CUDA)
    result = detail::hyper_components_cuda(graph, options);
#else
    throw error(error_kind::unsupported, "cuda back end: this build of Plexus was compiled without CUDA");
#endif
  } else {
    result = detail::hyper_components_host(graph, options);
  }
  // A component is counted at its smallest vertex, the one labelled with itself.
  const hypergraph& h = graph.host_hypergraph();
  for (vertex_t v = 0; v < graph.num_vertices(); ++v) {
    if (result.vertex_labels[v] != v) continue;
    ++result.num_components;
    result.num_nontrivial_components += h.vertex_degree(v) > 0;
  }
  return result;
}

}  // namespace plexus
