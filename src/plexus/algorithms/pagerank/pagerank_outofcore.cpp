// Public pagerank_out_of_core(): checks and dispatch (the loop is pagerank_outofcore_loop.hpp).
#include "plexus/algorithms/pagerank/pagerank_outofcore.hpp"

#include "plexus/backends/dispatch.hpp"
#include "plexus/device/device_graph.hpp"

namespace plexus {

namespace detail {
// The loop of pagerank_outofcore_loop.hpp, compiled once per back end from
// pagerank_outofcore_instances.hpp.
template <class Space>
pagerank_result pagerank_outofcore_run(const csr_graph&, const pagerank_options&, const outofcore::engine_options&,
                                       outofcore::engine_report&);
}  // namespace detail

pagerank_result pagerank_out_of_core(const csr_graph& graph, backend where, const pagerank_options& options,
                                     const outofcore::engine_options& engine, outofcore::engine_report& report) {
  check_pagerank_request(device_graph(graph, backend::host), options);
  require_backend(where);
  if (graph.num_vertices() == 0) {
    pagerank_result result;
    result.converged = true;
    return result;
  }
  return backends::dispatch(
      where, [&]<class Space>() { return detail::pagerank_outofcore_run<Space>(graph, options, engine, report); });
}

}  // namespace plexus
