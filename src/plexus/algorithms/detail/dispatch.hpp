// Entry points of the per-back-end instantiations, called by the public bfs()/sssp() after
// they have checked their arguments. The CUDA ones exist only when the CUDA back end is built.
#pragma once

#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/algorithms/lp/lp.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/bc/bc.hpp"
#include "plexus/algorithms/jaccard/jaccard.hpp"
#include "plexus/algorithms/tc/tc.hpp"
#include "plexus/algorithms/hyper_bfs/hyper_bfs.hpp"
#include "plexus/algorithms/hyper_cc/hyper_cc.hpp"
#include "plexus/algorithms/hyper_lp/hyper_lp.hpp"

namespace plexus::detail {

/// Unscaled betweenness dependency sums of one back end (betweenness() scales them).
struct betweenness_raw {
  host_vector<double> score;
  int batches = 0;
  double seconds = 0;
};

bfs_result bfs_host(const device_graph& graph, vertex_t source, const bfs_options& options);
sssp_result sssp_host(const device_graph& graph, vertex_t source, weight_t delta, const sssp_options& options);
triangle_result triangle_count_host(const device_graph& graph, const triangle_options& options);
jaccard_result jaccard_host(const device_graph& graph, const jaccard_options& options);
jaccard_result jaccard_pairs_host(const device_graph& graph, std::span<const std::pair<vertex_t, vertex_t>> pairs,
                                  const jaccard_options& options);
jaccard_top_k_result jaccard_top_k_host(const device_graph& graph, vertex_t k, const jaccard_options& options);
betweenness_raw betweenness_host(const device_graph& graph, std::span<const vertex_t> sources, bool endpoints,
                                 vertex_t batch_size);
cc_result connected_components_host(const device_graph& graph, const cc_options& options);
pagerank_result pagerank_host(const device_graph& graph, const pagerank_options& options);
lp_result label_propagation_host(const device_graph& graph, const lp_options& options);
hyper_label_propagation_result hyper_label_propagation_host(const device_hypergraph& graph,
                                                            const hyper_label_propagation_options& options);
hyper_bfs_result hyper_bfs_host(const device_hypergraph& graph, vertex_t source, const hyper_bfs_options& options);
hyper_components_result hyper_components_host(const device_hypergraph& graph,
                                              const hyper_components_options& options);
#if defined(PLEXUS_HAVE_CUDA)
hyper_label_propagation_result hyper_label_propagation_cuda(const device_hypergraph& graph,
                                                            const hyper_label_propagation_options& options);
hyper_bfs_result hyper_bfs_cuda(const device_hypergraph& graph, vertex_t source, const hyper_bfs_options& options);
hyper_components_result hyper_components_cuda(const device_hypergraph& graph,
                                              const hyper_components_options& options);
cc_result connected_components_cuda(const device_graph& graph, const cc_options& options);
pagerank_result pagerank_cuda(const device_graph& graph, const pagerank_options& options);
lp_result label_propagation_cuda(const device_graph& graph, const lp_options& options);
triangle_result triangle_count_cuda(const device_graph& graph, const triangle_options& options);
jaccard_result jaccard_cuda(const device_graph& graph, const jaccard_options& options);
jaccard_result jaccard_pairs_cuda(const device_graph& graph, std::span<const std::pair<vertex_t, vertex_t>> pairs,
                                  const jaccard_options& options);
jaccard_top_k_result jaccard_top_k_cuda(const device_graph& graph, vertex_t k, const jaccard_options& options);
betweenness_raw betweenness_cuda(const device_graph& graph, std::span<const vertex_t> sources, bool endpoints,
                                 vertex_t batch_size);
bfs_result bfs_cuda(const device_graph& graph, vertex_t source, const bfs_options& options);
sssp_result sssp_cuda(const device_graph& graph, vertex_t source, weight_t delta, const sssp_options& options);
#endif

}  // namespace plexus::detail
