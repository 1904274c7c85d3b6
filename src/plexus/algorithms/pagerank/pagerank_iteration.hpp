// The power iteration's state and steps, shared by the single-device loop (pagerank_loop.hpp)
// and the distributed one (pagerank_dist_loop.hpp): the iterates, the out-degree factors and
// the contributions, in the contribution layout of pagerank_layout.hpp, and the kernels of
// pagerank.hpp's "Approach", over the first `count` vertices of a graph: all of them on one
// device, a rank's owned vertices in a distributed run (its ghosts' contributions come from
// their owners).
#pragma once

#include <cstddef>

#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/pagerank/pagerank_layout.hpp"
#include "plexus/algorithms/pagerank/pagerank_rules.hpp"
#include "plexus/algorithms/pagerank/pagerank_shared.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"

namespace plexus::detail {

template <class Space, class Weighting>
class power_iteration {
 public:
  /// Built before the clock starts: everything here depends on the graph only. The hub layout
  /// is timed on its own (layout_seconds). `teleport`: null for uniform teleport.
  power_iteration(const Space& space, const csr_view& out, const csr_view& in, vertex_t count,
                  const pagerank_options& options, const pagerank_rules& rules, Weighting weighting,
                  const double* teleport)
      : space_(space),
        out_(out),
        count_(count),
        damping_(options.damping),
        uniform_(1.0 / static_cast<double>(rules.vertices())),
        sinks_in_closed_form_(rules.sinks_in_closed_form()),
        first_rank_read_(rules.reads_first_iterate()),
        weighting_(weighting),
        teleport_(teleport),
        inv_(out.num_vertices),
        x_(out.num_vertices),
        next_(out.num_vertices),
        contrib_(out.num_vertices),
        contrib_next_(out.num_vertices),
        sums_(1),
        segments_(space, count, in.offsets),
        layout_(space, out, in, options.gather == pagerank_gather::hub_clustered) {}

  double layout_seconds() const { return layout_.build_seconds(); }
  pagerank_gather gather_layout() const {
    return layout_.clustered() ? pagerank_gather::hub_clustered : pagerank_gather::vertex_order;
  }
  /// Where vertex u's contribution lives: contributions()[slots()[u]], or [u] where null.
  const vertex_t* slots() const { return layout_.addressing().slot; }
  double* contributions() { return contrib_.data(); }
  double* ranks() { return x_.data(); }
  const exec::buffer<Space, double>& rank_buffer() const { return x_; }
  /// The sums of the last reduce_sums (or start), in the space's memory: the gather reads the
  /// dangling mass from there, so the Graphalytics variant (a fixed number of iterations)
  /// queues every iteration without a host round trip; only the tolerance test of the other
  /// variant reads them back.
  exec::buffer<Space, pagerank_sums>& sums() { return sums_; }

  /// The first iterate and its contributions: factor(u) = 1 / outdeg(u) (weighted: 1 / W(u)),
  /// 0 for sinks, so contributions need no branch; the first dangling mass, unless the sinks'
  /// mass follows in closed form.
  void start() {
    const Weighting weighting = weighting_;
    const csr_view out = out_;
    const contribution_addressing at = layout_.addressing();
    const double uniform = uniform_;
    const bool first_rank_read = first_rank_read_;
    double* inv_outdeg = inv_.data();
    double* x = x_.data();
    double* contrib = contrib_.data();
    exec::for_each(space_, count_, PLEXUS_LAMBDA(std::size_t i) {
      const vertex_t u = static_cast<vertex_t>(i);
      inv_outdeg[u] = weighting.factor(out, u);
      if (first_rank_read) x[u] = uniform;
      contrib[at.slot_of(u)] = uniform * inv_outdeg[u];
    });
    if (sinks_in_closed_form_) return;
    exec::reduce_into(
        space_, count_, pagerank_sums{},
        PLEXUS_LAMBDA(std::size_t i) { return pagerank_sums::of(0.0, inv_outdeg[i] == 0.0 ? uniform : 0.0); },
        pagerank_sums_plus{}, sums_.data());
  }

  /// x'[v] = d * sum_in contrib + (d * dangling + 1 - d) * p[v] for every vertex v, written
  /// (when `write_rank`) with its contribution for the next iteration; `dangling` is the
  /// closed form's, else the one sums() holds.
  void gather(bool write_rank, double dangling) {
    const Weighting weighting = weighting_;
    const contribution_addressing at = layout_.addressing();
    const double d = damping_, uniform = uniform_;
    const bool sinks_in_closed_form = sinks_in_closed_form_;
    const double* teleport = teleport_;
    const double* inv_outdeg = inv_.data();
    const double* contrib = contrib_.data();
    const pagerank_sums* sums = sums_.data();
    double* next = next_.data();
    double* contrib_next = contrib_next_.data();
    exec::segmented_reduce(
        space_, segments_,
        PLEXUS_LAMBDA(edge_t e) {
          return weighting.arc(exec::gather_hot_first(contrib, exec::stream_load(at.gather_index + e), at.hot), e);
        },
        0.0, exec::plus{},
        PLEXUS_LAMBDA(std::size_t s, double sum) {
          const double base = d * (sinks_in_closed_form ? dangling : sums->dangling.value()) + (1.0 - d);
          const double value = d * sum + base * (teleport ? teleport[s] : uniform);
          if (write_rank) next[s] = value;
          contrib_next[at.slot_of(s)] = value * exec::stream_load(inv_outdeg + s);
        },
        exec::cache_split::prefer_l1);
  }

  /// The L1 change (when `with_change`) and the dangling mass of the new iterate, into sums().
  void reduce_sums(bool with_change) {
    const double* inv_outdeg = inv_.data();
    const double* x = x_.data();
    const double* next = next_.data();
    exec::reduce_into(
        space_, count_, pagerank_sums{},
        PLEXUS_LAMBDA(std::size_t i) {
          const double dangling_part = inv_outdeg[i] == 0.0 ? next[i] : 0.0;
          if (!with_change) return pagerank_sums::of(0.0, dangling_part);
          return pagerank_sums::of(next[i] > x[i] ? next[i] - x[i] : x[i] - next[i], dangling_part);
        },
        pagerank_sums_plus{}, sums_.data());
  }

  /// The new iterate and its contributions become the current ones.
  void advance() {
    x_.swap(next_);
    contrib_.swap(contrib_next_);
  }

 private:
  const Space& space_;
  csr_view out_;
  vertex_t count_;
  double damping_, uniform_;
  bool sinks_in_closed_form_, first_rank_read_;
  Weighting weighting_;
  const double* teleport_;
  exec::buffer<Space, double> inv_, x_, next_, contrib_, contrib_next_;
  exec::buffer<Space, pagerank_sums> sums_;
  exec::segment_plan<Space> segments_;
  contribution_layout<Space> layout_;
};

}  // namespace plexus::detail
