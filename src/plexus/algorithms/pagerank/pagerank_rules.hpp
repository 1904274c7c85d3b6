// What each variant of pagerank.hpp asks of the power iteration, decided once per run so that
// the loop reads each decision by name:
//   networkx      stops by its pagerank_stop rule (the error bound d / (1 - d) times the L1 change
//                 within the tolerance, or NetworkX's L1 change below n * tolerance), teleports
//                 by the personalization vector when there is one, and normalises the result;
//   graphalytics  runs exactly max_iterations iterations with uniform teleport and needs the L1
//                 change only to report the last one. On an undirected graph a sink has no
//                 in-arcs either, so with uniform teleport every sink takes the same value,
//                 (d * D + 1 - d) / n, and the next dangling mass is k times that (k sinks):
//                 D' = k (d D + 1 - d) / n from D = k / n. The sinks' mass then follows in closed
//                 form, the per-iteration reduction over all vertices is skipped, and nothing
//                 reads the ranks before the last step, so they are written only in the last two
//                 (the change compares the last two iterates): the skipped writes no longer push
//                 contributions out of the GPU's L2 cache.
#pragma once

#include <cstdint>
#include <limits>

#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/core/cycle_finder.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/degree_stats.hpp"

namespace plexus::detail {

class pagerank_rules {
 public:
  pagerank_rules(const pagerank_options& options, const csr_graph& graph)
      : pagerank_rules(
            options, graph.directed(), graph.num_vertices(),
            closed_form(options, graph.directed()) ? compute_degree_stats(graph.out()).isolated : 0) {}
  /// The rules for a graph of `n` vertices of which `isolated` have no arcs (counted only
  /// where the closed form needs them): a distributed run's totals over its ranks.
  pagerank_rules(const pagerank_options& options, bool directed, vertex_t n, std::uint64_t isolated)
      : fixed_count_(options.variant == pagerank_variant::graphalytics),
        sinks_in_closed_form_(closed_form(options, directed)),
        max_iterations_(options.max_iterations),
        stop_(options.stop),
        tolerance_(options.tolerance),
        damping_(options.damping),
        n_(static_cast<double>(n)),
        sinks_(sinks_in_closed_form_ ? static_cast<double>(isolated) : 0.0) {}

  /// Whether the sinks' mass follows in closed form: the graphalytics variant on an undirected
  /// graph.
  static bool closed_form(const pagerank_options& options, bool directed) {
    return options.variant == pagerank_variant::graphalytics && !directed;
  }

  int max_iterations() const { return max_iterations_; }
  /// The graph's vertex count (teleport is uniform over them).
  double vertices() const { return n_; }
  /// Teleport follows the personalization vector (else it is uniform).
  bool personalized(const pagerank_options& options) const { return !fixed_count_ && !options.personalization.empty(); }
  /// The sinks' mass follows in closed form instead of a reduction over all vertices.
  bool sinks_in_closed_form() const { return sinks_in_closed_form_; }
  /// The dangling mass of the first iterate under the closed form: k / n.
  double first_dangling() const { return sinks_ / n_; }
  /// The closed form's next dangling mass from the current one.
  double next_dangling(double dangling) const { return sinks_ * (damping_ * dangling + (1.0 - damping_)) / n_; }
  /// The first iterate is read only by an L1 change against it (every step of networkx, the
  /// only step of a one-step graphalytics run) or returned as it is (no step).
  bool reads_first_iterate() const { return !fixed_count_ || max_iterations_ <= 1; }
  /// Iteration `i` (from 0) measures the L1 change against the previous iterate.
  bool measures_change(int i) const { return !fixed_count_ || i + 1 == max_iterations_; }
  /// Iteration `i` writes the ranks (else only the contributions).
  bool writes_ranks(int i) const { return !sinks_in_closed_form_ || i + 2 >= max_iterations_; }
  /// Iteration `i` reduces the change and the dangling mass over all vertices.
  bool reduces_sums(int i) const { return !sinks_in_closed_form_ || measures_change(i); }
  /// The run stops after an iteration whose L1 change is `change`. The error bound
  /// d / (1 - d) * change <= tolerance is tested multiplied out, so that d = 1 stops only on
  /// no change at all. An iteration that changes nothing reached the fixed point under either
  /// rule: every later one would return the same ranks (NetworkX's strict test never holds
  /// with tolerance 0, and would run to max_iterations for nothing).
  bool converged(double change) const {
    if (fixed_count_) return false;
    if (stop_ == pagerank_stop::networkx) return change < n_ * tolerance_ || change == 0;
    return damping_ * change <= tolerance_ * (1.0 - damping_);
  }
  /// The bound on the L1 distance to the fixed point after an iteration whose L1 change is
  /// `change`: d / (1 - d) * change (pagerank.hpp).
  double error_bound(double change) const {
    if (change == 0) return 0;
    return damping_ < 1 ? damping_ / (1.0 - damping_) * change : std::numeric_limits<double>::infinity();
  }
  /// A run that ends is reported converged (graphalytics: whatever the change).
  bool converged_at_end() const { return fixed_count_; }
  /// The result is scaled to sum to 1.
  bool normalizes() const { return !fixed_count_; }

 private:
  bool fixed_count_;
  bool sinks_in_closed_form_;
  int max_iterations_;
  pagerank_stop stop_;
  double tolerance_, damping_, n_, sinks_;
};

/// The iteration limit of a networkx run, cut short once its iterates go round a cycle. The L1
/// change never grows in exact arithmetic, since a step contracts it by the damping: once it
/// does not shrink, rounding (or damping 1) alone moves the iterates, no later change can meet
/// a stopping rule the last ones missed, and the iterates may cycle (karate under tolerance 0
/// alternates between two, Kronecker 10 with edge factor 8 goes round six). Then every iterate
/// is read, and a cycle found after t iterations leaves the limit at the iteration that ends on
/// the ranks the limit would (core/cycle_finder.hpp).
class pagerank_limit {
 public:
  explicit pagerank_limit(int max_iterations) : limit_(max_iterations) {}
  int value() const { return limit_.value(); }
  /// After the `done`-th iteration, whose L1 change `change` did not stop the run; `read()`
  /// returns its iterate (a distributed run: this rank's part, `all` as for cycle_finder).
  template <class Read, class All = whole_state>
  void after(int done, double change, Read&& read, All&& all = {}) {
    stalled_ = stalled_ || change >= previous_change_;
    previous_change_ = change;
    limit_.after(done, stalled_, read, all);
  }

 private:
  cycle_limit<double> limit_;
  double previous_change_ = std::numeric_limits<double>::infinity();
  bool stalled_ = false;
};

}  // namespace plexus::detail
