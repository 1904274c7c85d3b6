// Device helper shared by the SIMT push balancers: apply the advance functor to one edge and
// append the target to the output frontier when the functor accepts it. An advance reads each
// arc once, so its id and weight are streaming loads (exec/loads.hpp): they leave the L2 cache
// to the per-vertex state the functor gathers at random.
#pragma once

#include "plexus/exec/loads.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus::operators::detail {

template <class View, class F>
__device__ __forceinline__ void visit_edge(const csr_view& g, vertex_t v, edge_t e, const View& out, F& f) {
  const vertex_t u = exec::stream_load(g.indices + e);
  const weight_t w = g.weights ? exec::stream_load(g.weights + e) : weight_t(1);
  if (f(v, u, e, w)) out.push(u);
}

}  // namespace plexus::operators::detail
