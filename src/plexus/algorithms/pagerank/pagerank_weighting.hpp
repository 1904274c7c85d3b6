// How the power iteration weighs an arc (pagerank.hpp): every arc alike (1 / out-degree), or
// by the graph's weights (w(u, v) / W(u), NetworkX's pagerank(G, weight="weight")). The loop
// is instantiated once per weighting, so the unweighted gather is the same code as without
// this choice and reads no weights; the weighted gather reads one float per in-arc more.
//
// A weighting gives the kernels two things:
//   factor(out, u)      what u's rank is multiplied by to give its contribution: 1 / outdeg(u),
//                       or 1 / W(u); 0 for a sink, which the loop tells apart by that 0;
//   arc(contribution, e) the contribution carried by in-arc e: as it is, or times w(e).
#pragma once

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus::detail {

struct unit_weighting {
  static constexpr bool reads_weights = false;
  PLEXUS_HOST_DEVICE double factor(const csr_view& out, vertex_t u) const {
    const edge_t deg = out.degree(u);
    return deg ? 1.0 / static_cast<double>(deg) : 0.0;
  }
  PLEXUS_HOST_DEVICE double arc(double contribution, edge_t) const { return contribution; }
};

/// The weighted kernels' view: out_weight[u] = W(u), in_weight[e] = the weight of in-arc e.
struct arc_weighting {
  static constexpr bool reads_weights = true;
  const double* out_weight;
  const weight_t* in_weight;

  PLEXUS_HOST_DEVICE double factor(const csr_view&, vertex_t u) const {
    const double total = out_weight[u];
    return total > 0 ? 1.0 / total : 0.0;
  }
  PLEXUS_HOST_DEVICE double arc(double contribution, edge_t e) const {
    return contribution * static_cast<double>(exec::stream_load(in_weight + e));
  }
};

/// sums[u] = W(u) for every vertex, summed in double from the float weights of the out-CSR.
/// (A free function: GPU compilers take no device lambda inside a constructor.)
template <class Space>
void sum_out_weights(const Space& space, const csr_view& out, double* sums) {
  const weight_t* weights = out.weights;
  exec::segmented_reduce(
      space, out.num_vertices, out.offsets, PLEXUS_LAMBDA(edge_t e) { return static_cast<double>(weights[e]); },
      0.0, exec::plus{}, PLEXUS_LAMBDA(std::size_t u, double total) { sums[u] = total; });
  space.synchronize();
}

/// W(u) for every vertex, once per run before the clock starts (it depends on the graph only,
/// like the gather layout).
template <class Space>
class out_weight_sums {
 public:
  out_weight_sums(const Space& space, const csr_view& out) : sums_(out.num_vertices) {
    sum_out_weights(space, out, sums_.data());
  }
  arc_weighting weighting(const csr_view& in) const { return {sums_.data(), in.weights}; }

 private:
  exec::buffer<Space, double> sums_;
};

}  // namespace plexus::detail
