// Public connected_components_out_of_core(): checks and dispatch (the loop is
// cc_outofcore_loop.hpp).
#include "plexus/algorithms/cc/cc_outofcore.hpp"

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/graph/input_order.hpp"

namespace plexus {

namespace detail {
// The loop of cc_outofcore_loop.hpp, compiled once per back end from cc_outofcore_instances.hpp.
template <class Space>
cc_result cc_outofcore_run(const csr_graph&, const outofcore::engine_options&, outofcore::engine_report&);
}  // namespace detail

cc_result connected_components_out_of_core(const csr_graph& graph, backend where,
                                           const outofcore::engine_options& options,
                                           outofcore::engine_report& report) {
  if (graph.directed())
    throw error(error_kind::unsupported,
                "out-of-core connected components need an undirected graph: symmetrize it when reading "
                "(--undirected)");
  require_backend(where);
  cc_result result = backends::dispatch(
      where, [&]<class Space>() { return detail::cc_outofcore_run<Space>(graph, options, report); });
  // As the in-memory engine names them: by the member of smallest original id.
  label_by_smallest_original_id(graph.original_ids(), result.label);
  return result;
}

}  // namespace plexus
