// Public connected_components(): argument checks, dispatch to the back end of the graph (the
// Afforest loop is cc_loop.hpp) and the labels in the input's order.
#include "plexus/algorithms/cc/cc.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/graph/input_order.hpp"

namespace plexus {

namespace detail {
// The loop of cc_loop.hpp, compiled once per back end from cc_instances.hpp.
template <class Space>
cc_result cc_run(const device_graph&, const cc_options&);
}  // namespace detail

cc_options checked_cc_options(const csr_graph& graph, const cc_options& options) {
  if (options.neighbor_rounds < 0)
    throw error(error_kind::invalid_argument, "connected components: the neighbour rounds (" +
                                                  std::to_string(options.neighbor_rounds) +
                                                  ") must not be negative");
  if (options.sample_size < 1)
    throw error(error_kind::invalid_argument, "connected components: the sample size (" +
                                                  std::to_string(options.sample_size) +
                                                  ") must be at least 1");
  // Neither option may size the work past what the graph can use: a round past the largest
  // degree links no arc, and a sample of more than n vertices (drawn with replacement) names
  // the largest component no better than n do. The labels do not depend on either.
  edge_t largest_degree = 0;
  const vertex_t n = graph.num_vertices();
#pragma omp parallel for reduction(max : largest_degree) schedule(static)
  for (vertex_t v = 0; v < n; ++v) largest_degree = std::max(largest_degree, graph.degree(v));
  cc_options bounded = options;
  bounded.neighbor_rounds = static_cast<int>(std::min<edge_t>(options.neighbor_rounds, largest_degree));
  bounded.sample_size =
      static_cast<int>(std::min<std::uint64_t>(options.sample_size, std::max<vertex_t>(n, 1)));
  return bounded;
}

cc_result connected_components(const device_graph& graph, const cc_options& options) {
  const cc_options bounded = checked_cc_options(graph.host_graph(), options);
  cc_result result =
      backends::dispatch(graph.where(), [&]<class Space>() { return detail::cc_run<Space>(graph, bounded); });
  // Afforest names a component by its smallest internal id, which is its smallest original id
  // unless the graph is numbered out of the input's order (--order degree).
  label_by_smallest_original_id(graph.host_graph().original_ids(), result.label);
  return result;
}

std::uint64_t cc_working_bytes(const input_shape& shape, backend where) {
  const bool gpu = family_of(where) == backend_family::simt;
  return (gpu ? 24 : 5) * shape.vertices + kSmallBuffers;
}

}  // namespace plexus
