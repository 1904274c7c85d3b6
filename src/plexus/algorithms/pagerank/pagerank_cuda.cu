// CUDA instantiation of the PageRank loop (algorithms/detail/pagerank_impl.hpp).
#include "plexus/algorithms/detail/dispatch.hpp"
#include "plexus/algorithms/pagerank/pagerank_loop.hpp"

namespace plexus::detail {

pagerank_result pagerank_cuda(const device_graph& graph, const pagerank_options& options) {
  return pagerank_run<exec::cuda>(graph, options);
}

}  // namespace plexus::detail
