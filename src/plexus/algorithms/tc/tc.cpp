// Public triangle_count(): argument checks and dispatch to a back end (the loop is
// tc_loop.hpp).
#include "plexus/algorithms/tc/tc.hpp"

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
// The loop of tc_loop.hpp, compiled once per back end from tc_instances.hpp.
template <class Space>
triangle_result triangle_count_run(const device_graph&, const triangle_options&);
}  // namespace detail

triangle_result triangle_count(const device_graph& graph, const triangle_options& options) {
  if (graph.host_graph().directed())
    throw error(error_kind::unsupported,
                "triangle counting needs an undirected graph: symmetrize it when reading it (--undirected)");
  return backends::dispatch(graph.where(), [&]<class Space>() { return detail::triangle_count_run<Space>(graph, options); });
}

}  // namespace plexus
