// Public label_propagation(): argument checks, dispatch to the back end of the graph (the
// loop is lp_loop.hpp), and the community count and modularity of the result.
#include "plexus/algorithms/lp/lp.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <vector>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/algorithms/lp/modularity.hpp"

namespace plexus {

std::optional<lp_variant> lp_variant_named(std::string_view name) {
  for (const lp_variant v : {lp_variant::semi_synchronous, lp_variant::synchronous, lp_variant::randomized,
                             lp_variant::cdlp})
    if (lp_variant_name(v) == name) return v;
  return std::nullopt;
}

std::string_view lp_variant_name(lp_variant variant) {
  switch (variant) {
    case lp_variant::semi_synchronous:
      return "semi-synchronous";
    case lp_variant::synchronous:
      return "synchronous";
    case lp_variant::randomized:
      return "randomized";
    case lp_variant::cdlp:
      return "cdlp";
  }
  return "semi-synchronous";
}

namespace detail {
// The loop of lp_loop.hpp, compiled once per back end from lp_instances.hpp.
template <class Space>
lp_result lp_run(const device_graph&, const lp_options&);
}  // namespace detail

lp_result label_propagation(const device_graph& graph, const lp_options& options) {
  if (options.max_iterations < 0)
    throw error(error_kind::invalid_argument,
                fmt::format("label propagation: the iteration limit {} is negative", options.max_iterations));
  if (!(options.tolerance >= 0.0 && options.tolerance <= 1.0))
    throw error(error_kind::invalid_argument,
                fmt::format("label propagation: tolerance {} outside [0, 1]", options.tolerance));
  if (options.variant == lp_variant::cdlp && graph.host_graph().directed() && !graph.has_in_edges())
    throw error(error_kind::invalid_argument,
                "label propagation: cdlp on a directed graph needs its in-neighbour lists: build them before "
                "uploading");
  lp_result result =
      backends::dispatch(graph.where(), [&]<class Space>() { return detail::lp_run<Space>(graph, options); });
  // Labels are vertex ids, so a flag per id counts the distinct ones.
  std::vector<char> seen(result.label.size(), 0);
  for (const vertex_t l : result.label) {
    result.num_communities += !seen[l];
    seen[l] = 1;
  }
  const csr_graph& g = graph.host_graph();
  result.modularity = std::numeric_limits<double>::quiet_NaN();
  if (options.compute_modularity && !g.directed() && g.num_edges() > 0)
    result.modularity = verify::modularity(g, result.label);
  return result;
}

}  // namespace plexus
