// Public hyper_components(): dispatch to the back end of the hypergraph (the loop is
// hyper_cc_loop.hpp) and the component counts of the result.
#include "plexus/algorithms/hyper_cc/hyper_cc.hpp"

#include "plexus/algorithms/hyper_cc/hyper_cc_verify.hpp"
#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
// The loop of hyper_cc_loop.hpp, compiled once per back end from hyper_cc_instances.hpp.
template <class Space>
hyper_components_result hyper_components_run(const device_hypergraph&, const hyper_components_options&);
}  // namespace detail

hyper_components_result hyper_components(const device_hypergraph& graph, const hyper_components_options& options) {
  hyper_components_result result =
      backends::dispatch(graph.where(), [&]<class Space>() { return detail::hyper_components_run<Space>(graph, options); });
  const hypergraph& h = graph.host_hypergraph();
  verify::label_by_smallest_original_id(h, result.vertex_labels, result.hyperedge_labels);
  // A component is counted at the vertex naming it, the one labelled with itself.
  for (vertex_t v = 0; v < graph.num_vertices(); ++v) {
    if (result.vertex_labels[v] != v) continue;
    ++result.num_components;
    result.num_nontrivial_components += h.vertex_degree(v) > 0;
  }
  return result;
}

}  // namespace plexus
