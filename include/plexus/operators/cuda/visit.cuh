// Device helper shared by the CUDA push balancers: apply the advance functor to one edge and
// append the target to the output frontier when the functor accepts it.
#pragma once

#include "plexus/graph/csr_view.hpp"

namespace plexus::operators::detail {

template <class View, class F>
__device__ __forceinline__ void visit_edge(const csr_view& g, vertex_t v, edge_t e, const View& out, F& f) {
  const vertex_t u = g.indices[e];
  if (f(v, u, e, g.weight(e))) out.push(u);
}

}  // namespace plexus::operators::detail
