// What the in-memory and the out-of-core PageRank loops share: the sums reduced after each
// iteration, the teleport distribution, the stopping test and the final normalisation.
#pragma once

#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/pagerank/pagerank_rules.hpp"
#include "plexus/core/unit_sum.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::detail {

// L1 change between two iterates and the rank mass held by sinks, reduced together.
struct pagerank_sums {
  double change = 0, dangling = 0;
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
  result.last_change = read.change;
  result.error_bound = rules.error_bound(read.change);
  if (rules.converged(read.change)) result.converged = true;
  return result.converged;
}

/// After the last iteration: the convergence a fixed count reports, and the ranks `x` scaled
/// to sum to 1 where the variant normalises.
template <class Space>
void finish_ranks(const Space& space, const pagerank_rules& rules, double* x, vertex_t n, pagerank_result& result) {
  if (rules.converged_at_end()) result.converged = true;
  if (!rules.normalizes()) return;
  const double total = exec::reduce(space, n, 0.0, PLEXUS_LAMBDA(std::size_t i) { return x[i]; }, exec::plus{});
  const double scale = total > 0 ? 1.0 / total : 1.0;
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) { x[i] *= scale; });
}

}  // namespace plexus::detail
