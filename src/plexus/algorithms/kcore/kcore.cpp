// Public core_numbers(): argument checks and dispatch to the back end of the graph (the
// peeling loop is kcore_loop.hpp).
#include "plexus/algorithms/kcore/kcore.hpp"

#include <cstdint>
#include <limits>
#include <string>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
// The loop of kcore_loop.hpp, compiled once per back end from kcore_instances.hpp.
template <class Space>
kcore_result kcore_run(const device_graph&, const kcore_options&);
}  // namespace detail

namespace {

// The loop counts remaining degrees in signed 32-bit integers whose largest value marks "no
// vertex" (kcore_loop.hpp). A degree can exceed the limit only when the graph has more arcs
// than it, so smaller graphs skip the scan.
void check_degrees_fit(const csr_graph& graph) {
  constexpr edge_t limit = std::numeric_limits<std::int32_t>::max() - 1;
  if (graph.num_edges() <= limit) return;
  for (vertex_t v = 0; v < graph.num_vertices(); ++v)
    if (graph.degree(v) > limit)
      throw error(error_kind::invalid_argument, "k-core decomposition: vertex " +
                                                    std::to_string(graph.original_id(v)) + " has degree " +
                                                    std::to_string(graph.degree(v)) + ", more than the " +
                                                    std::to_string(limit) + " the degree counters hold");
}

}  // namespace

kcore_result core_numbers(const device_graph& graph, const kcore_options& options) {
  const csr_graph& host = graph.host_graph();
  if (host.directed())
    throw error(
        error_kind::unsupported,
        "k-core decomposition needs an undirected graph: symmetrize it when reading it (--undirected)");
  check_degrees_fit(host);
  return backends::dispatch(graph.where(),
                            [&]<class Space>() { return detail::kcore_run<Space>(graph, options); });
}

}  // namespace plexus
