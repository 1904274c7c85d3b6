// Public local_clustering(): argument checks and dispatch to the back end of the graph (the
// loop is lcc_loop.hpp).
#include "plexus/algorithms/lcc/lcc.hpp"

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/graph/simple_lists.hpp"

namespace plexus {

namespace detail {
// The loop of lcc_loop.hpp, compiled once per back end from lcc_instances.hpp.
template <class Space>
lcc_result lcc_run(const device_graph&, const lcc_options&);
}  // namespace detail

lcc_result local_clustering(const device_graph& graph, const lcc_options& options) {
  // An intersection counts a repeated neighbour twice, where the definition counts an arc once.
  detail::require_simple_lists(graph.host_graph(), "lcc");
  if (!graph.has_in_edges())
    throw error(error_kind::invalid_argument,
                "lcc needs the in-neighbours of a directed graph: build its reverse CSR");
  return backends::dispatch(graph.where(), [&]<class Space>() { return detail::lcc_run<Space>(graph, options); });
}

}  // namespace plexus
