// What the in-memory and the out-of-core PageRank loops share: the sums reduced after each
// iteration, the teleport distribution, the stopping test and the final normalisation.
#pragma once

#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/pagerank/pagerank_rules.hpp"
#include "plexus/core/unit_sum.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/fixed_point_sum.hpp"

namespace plexus::detail {

// L1 change between two iterates and the rank mass held by sinks, reduced together, each
// exactly (exec/fixed_point_sum.hpp): both are sums over every vertex, whose order changes with
// the thread count, the back end and the rank count of a distributed run, and the change
// decides when the run stops. Exact, they are one value in every such order, so a run stops
// on the same iteration with the same ranks (bit for bit on one back end at every rank count).
struct pagerank_sums {
  exec::fixed_point_sum change, dangling;

  PLEXUS_HOST_DEVICE static pagerank_sums of(double change, double dangling) {
    return {exec::fixed_point_sum::of(change), exec::fixed_point_sum::of(dangling)};
  }
};
struct pagerank_sums_plus {
  PLEXUS_HOST_DEVICE pagerank_sums operator()(const pagerank_sums& a, const pagerank_sums& b) const {
    return {a.change + b.change, a.dangling + b.dangling};
  }
};

/// The teleport distribution in the space's memory: the normalized personalization vector,
/// or nothing (empty) for uniform teleport.
template <class Space>
exec::buffer<Space, double> teleport_vector(const pagerank_options& options, const pagerank_rules& rules) {
  exec::buffer<Space, double> teleport;
  if (!rules.personalized(options)) return teleport;
  const std::vector<double> shares = scaled_to_unit_sum(options.personalization);
  host_vector<double> normalized(shares.begin(), shares.end());
  teleport.assign(normalized);
  return teleport;
}

/// Records the L1 change of the iteration just run; true when the stopping rule ends the run.
inline bool record_change(const pagerank_rules& rules, const pagerank_sums& read, pagerank_result& result) {
  const double change = read.change.value();
  result.last_change = change;
  result.error_bound = rules.error_bound(change);
  if (rules.converged(change)) result.converged = true;
  return result.converged;
}

/// The sum of the ranks x[0..n), exactly (the normalisation must not depend on the order).
template <class Space>
exec::fixed_point_sum rank_total(const Space& space, const double* x, vertex_t n) {
  return exec::reduce(
      space, n, exec::fixed_point_sum{},
      PLEXUS_LAMBDA(std::size_t i) { return exec::fixed_point_sum::of(x[i]); }, exec::fixed_point_plus{});
}

/// The ranks x[0..n) scaled by 1 / total (left as they are for a total of 0).
template <class Space>
void scale_ranks(const Space& space, double* x, vertex_t n, double total) {
  const double scale = total > 0 ? 1.0 / total : 1.0;
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) { x[i] *= scale; });
}

/// After the last iteration: the convergence a fixed count reports, and the ranks `x` scaled
/// to sum to 1 where the variant normalises.
template <class Space>
void finish_ranks(const Space& space, const pagerank_rules& rules, double* x, vertex_t n, pagerank_result& result) {
  if (rules.converged_at_end()) result.converged = true;
  if (rules.normalizes()) scale_ranks(space, x, n, rank_total(space, x, n).value());
}

}  // namespace plexus::detail
