// Public bfs_out_of_core(): checks and dispatch (the loop is bfs_outofcore_loop.hpp).
#include "plexus/algorithms/bfs/bfs_outofcore.hpp"

#include <string>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
// The loop of bfs_outofcore_loop.hpp, compiled once per back end from
// bfs_outofcore_instances.hpp.
template <class Space>
bfs_result bfs_outofcore_run(const csr_graph&, vertex_t, const outofcore::engine_options&, outofcore::engine_report&);
}  // namespace detail

bfs_result bfs_out_of_core(const csr_graph& graph, vertex_t source, backend where,
                           const outofcore::engine_options& options, outofcore::engine_report& report) {
  const vertex_t n = graph.num_vertices();
  if (source >= n)
    throw error(error_kind::invalid_argument, "source " + std::to_string(source) + " out of range: graph has " +
                                                  std::to_string(n) + " vertices");
  require_backend(where);
  return backends::dispatch(
      where, [&]<class Space>() { return detail::bfs_outofcore_run<Space>(graph, source, options, report); });
}

}  // namespace plexus
