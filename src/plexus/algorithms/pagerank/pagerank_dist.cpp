// Public pagerank_distributed(): the checks every rank makes alike or agrees on, and dispatch
// to the back end of the local graph (the loop is pagerank_dist_loop.hpp).
#include "plexus/algorithms/pagerank/pagerank_dist.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/graph/relabel.hpp"

namespace plexus {

namespace detail {
// The loop of pagerank_dist_loop.hpp, compiled once per back end from pagerank_dist_instances.hpp.
template <class Space>
pagerank_dist_result pagerank_dist_run(dist::communicator&, const dist::rank_graph&, const device_graph&,
                                       const pagerank_options&);
}  // namespace detail

namespace {

/// The first owned arc whose weight is negative, infinite or NaN, named by its tail's input id.
void require_finite_non_negative_weights(const dist::rank_graph& graph) {
  const csr_graph& local = graph.graph;
  const std::span<const weight_t> weights = local.weights();
  for (vertex_t u = 0; u < graph.part.num_owned(); ++u)
    for (edge_t e = local.offsets()[u]; e < local.offsets()[u + 1]; ++e)
      if (!(weights[e] >= 0) || std::isinf(weights[e]))
        throw error(
            error_kind::unsupported,
            fmt::format("PageRank needs finite non-negative weights, but an arc of vertex {} has weight {}",
                        graph.original_ids.empty() ? graph.part.first_owned() + u : graph.original_ids[u],
                        weights[e]));
}

}  // namespace

pagerank_dist_result pagerank_distributed(dist::communicator& comm, const dist::rank_graph& graph,
                                          const device_graph& local, const pagerank_options& options) {
  check_pagerank_options(options);
  if (!options.personalization.empty())
    throw error(error_kind::unsupported, "pagerank: a personalization vector does not run distributed yet");
  if (comm.all_reduce<std::uint8_t>(local.has_in_edges() ? 1 : 0, dist::reduce_op::min) == 0)
    throw error(error_kind::invalid_argument,
                "pagerank: pull iteration needs in-edges: build the reverse CSR of this directed graph");
  if (options.weighted) dist::agreed(comm, [&] { require_finite_non_negative_weights(graph); });
  pagerank_options resolved = options;
  // Vertex order where every rank's lists are already in degree order (the ranks are the same
  // either way: the layout moves addresses only).
  if (resolved.gather == pagerank_gather::automatic)
    resolved.gather =
        comm.all_reduce<std::uint8_t>(degrees_non_increasing(graph.graph) ? 1 : 0, dist::reduce_op::min) != 0
            ? pagerank_gather::vertex_order
            : pagerank_gather::hub_clustered;
  return backends::dispatch(local.where(), [&]<class Space>() {
    return detail::pagerank_dist_run<Space>(comm, graph, local, resolved);
  });
}

}  // namespace plexus
