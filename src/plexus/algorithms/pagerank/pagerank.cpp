// Public pagerank(): argument checks and dispatch to the back end of the graph (the loop is
// pagerank_loop.hpp).
#include "plexus/algorithms/pagerank/pagerank.hpp"

#include <fmt/format.h>

#include <cmath>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/weight_check.hpp"
#include "plexus/graph/relabel.hpp"

namespace plexus {

std::optional<pagerank_stop> pagerank_stop_named(std::string_view name) {
  if (name == "error-bound") return pagerank_stop::error_bound;
  if (name == "networkx") return pagerank_stop::networkx;
  return std::nullopt;
}

namespace detail {
// The loop of pagerank_loop.hpp, compiled once per back end from pagerank_instances.hpp.
template <class Space>
pagerank_result pagerank_run(const device_graph&, const pagerank_options&);
}  // namespace detail

std::uint64_t pagerank_bytes_per_iteration(vertex_t n, edge_t m, bool weighted) {
  const std::uint64_t vertices = n, arcs = m;
  const std::uint64_t per_arc = sizeof(vertex_t) + sizeof(double) + (weighted ? sizeof(weight_t) : 0);
  return (vertices + 1) * sizeof(edge_t) + arcs * per_arc + vertices * 2 * sizeof(double);
}

void check_pagerank_options(const pagerank_options& options) {
  auto fail = [](const std::string& what) { throw error(error_kind::invalid_argument, "pagerank: " + what); };
  if (!(options.damping >= 0.0 && options.damping <= 1.0))
    fail(fmt::format("damping {} outside [0, 1]", options.damping));
  if (!(options.tolerance >= 0.0)) fail(fmt::format("tolerance {} is negative", options.tolerance));
  if (options.max_iterations < 0) fail(fmt::format("max_iterations {} is negative", options.max_iterations));
  if (options.weighted && options.variant == pagerank_variant::graphalytics)
    fail("the graphalytics variant is unweighted: leave out the weights or use the networkx variant");
}

void check_pagerank_request(const device_graph& graph, const pagerank_options& options) {
  auto fail = [](const std::string& what) { throw error(error_kind::invalid_argument, "pagerank: " + what); };
  check_pagerank_options(options);
  if (!graph.has_in_edges())
    fail("pull iteration needs in-edges: build the reverse CSR of this directed graph");
  const vertex_t n = graph.num_vertices();
  if (!options.personalization.empty()) {
    if (options.personalization.size() != n)
      fail(fmt::format("personalization has {} entries but the graph has {} vertices",
                       options.personalization.size(), n));
    bool positive = false;
    for (vertex_t v = 0; v < n; ++v) {
      const double p = options.personalization[v];
      if (!(p >= 0.0 && std::isfinite(p)))
        fail(fmt::format("personalization of vertex {} is {}, not a finite value >= 0",
                         graph.host_graph().original_id(v), p));
      positive = positive || p > 0;
    }
    if (!positive) fail("personalization sums to 0");
    if (options.variant == pagerank_variant::graphalytics)
      fail("the graphalytics variant takes no personalization vector");
  }
  if (options.weighted) require_weights(graph, weight_rule::finite_non_negative, "PageRank");
}

pagerank_result pagerank(const device_graph& graph, const pagerank_options& options) {
  check_pagerank_request(graph, options);
  pagerank_options resolved = options;
  if (resolved.gather == pagerank_gather::automatic)
    resolved.gather = degrees_non_increasing(graph.host_graph()) ? pagerank_gather::vertex_order
                                                                 : pagerank_gather::hub_clustered;
  return backends::dispatch(graph.where(), [&]<class Space>() { return detail::pagerank_run<Space>(graph, resolved); });
}

std::uint64_t pagerank_working_bytes(const input_shape& shape, backend where, const pagerank_options& options) {
  const bool gpu = family_of(where) == backend_family::simt;
  const std::uint64_t per_arc =
      (options.gather == pagerank_gather::vertex_order ? 0 : 4) + (options.weighted ? 8 : 0);
  return (gpu ? 48 : 44) * shape.vertices + per_arc * shape.arcs + kSmallBuffers;
}

}  // namespace plexus
