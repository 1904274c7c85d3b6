// PageRank's stopping rules on every back end: the default error bound stops only within the
// tolerance of the fixed point, also on graphs with more vertices than 2 / tolerance, where
// NetworkX's per-vertex test stops after one iteration; that test is still there by name and
// still behaves as NetworkX's; the run reports its residual and the bound it gives; an
// iteration that changes nothing ends the run whatever the rule and the iteration limit, and
// iterates that go round a cycle end it on the ranks the limit would give.
#include <gtest/gtest.h>

#include <cmath>

#include "algorithm_test_support.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/pagerank/pagerank_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/generators/kronecker.hpp"
#include "suite_support.hpp"

namespace plexus {
namespace {

class pagerank_stop_test : public test::backend_test {};

// Scale 15: 32768 vertices, more than 2 / 1e-4 = 20000.
csr_graph kronecker_15() {
  generators::kronecker_options k;
  k.scale = 15;
  k.edge_factor = 8;
  k.seed = 5;
  return build_graph(generators::kronecker(k));
}

double l1(const host_vector<double>& a, const host_vector<double>& b) {
  double sum = 0;
  for (std::size_t v = 0; v < a.size(); ++v) sum += std::fabs(a[v] - b[v]);
  return sum;
}

// The fixed point, iterated until the bound is far below anything tested here.
host_vector<double> fixed_point(const csr_graph& g) { return verify::reference_pagerank(g, 0.85, 1e-13, 2000); }

TEST_P(pagerank_stop_test, default_stop_is_within_tolerance_of_the_fixed_point_when_n_exceeds_2_over_tolerance) {
  const csr_graph g = kronecker_15();
  constexpr double tolerance = 1e-4;
  ASSERT_GT(g.num_vertices(), 2 / tolerance);
  pagerank_options options;
  options.tolerance = tolerance;
  const pagerank_result r = pagerank(device_graph(g, where()), options);
  EXPECT_TRUE(r.converged);
  EXPECT_GT(r.iterations, 1);
  EXPECT_LE(l1(r.rank, fixed_point(g)), tolerance);
}

TEST_P(pagerank_stop_test, run_reports_the_residual_and_the_bound_it_gives) {
  const csr_graph g = kronecker_15();
  pagerank_options options;
  options.tolerance = 1e-6;
  const pagerank_result r = pagerank(device_graph(g, where()), options);
  ASSERT_TRUE(r.converged);
  EXPECT_GT(r.last_change, 0);
  EXPECT_DOUBLE_EQ(r.error_bound, 0.85 / 0.15 * r.last_change);
  EXPECT_LE(r.error_bound, options.tolerance);
  EXPECT_LE(l1(r.rank, fixed_point(g)), options.tolerance);
  // One iteration fewer would not have met the bound: the rule stops as soon as it holds.
  pagerank_options shorter = options;
  shorter.max_iterations = r.iterations - 1;
  const pagerank_result early = pagerank(device_graph(g, where()), shorter);
  EXPECT_FALSE(early.converged);
  EXPECT_GT(early.error_bound, options.tolerance);
}

TEST_P(pagerank_stop_test, networkx_stop_still_stops_as_networkx) {
  const csr_graph g = kronecker_15();
  pagerank_options options;
  options.tolerance = 1e-4;
  options.stop = pagerank_stop::networkx;
  const pagerank_result r = pagerank(device_graph(g, where()), options);
  // NetworkX's test, L1 change < n * tolerance = 3.3, holds after the first step, whose change
  // is at most 2: one iteration, reported converged, far from the fixed point.
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.iterations, 1);
  EXPECT_LT(r.last_change, g.num_vertices() * options.tolerance);
  EXPECT_GT(l1(r.rank, fixed_point(g)), options.tolerance);
  const host_vector<double> reference =
      verify::reference_pagerank(g, 0.85, options.tolerance, 100, {}, pagerank_stop::networkx);
  EXPECT_LT(l1(r.rank, reference), 1e-12);
  // On a small graph the rule iterates as NetworkX does, to within n * tolerance.
  const csr_graph small = test::make_graph(5, {{0, 1}, {0, 2}, {1, 2}, {2, 0}, {3, 2}, {3, 4}}, true);
  const pagerank_result s = pagerank(device_graph(small, where()), options);
  EXPECT_GT(s.iterations, 1);
  EXPECT_LT(s.last_change, 5 * options.tolerance);
}

TEST_P(pagerank_stop_test, damping_one_stops_only_at_an_exact_fixed_point) {
  // A directed cycle: the uniform start is its fixed point, so the first change is 0.
  const csr_graph cycle = test::make_graph(3, {{0, 1}, {1, 2}, {2, 0}}, true);
  pagerank_options options;
  options.damping = 1;
  const pagerank_result r = pagerank(device_graph(cycle, where()), options);
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.iterations, 1);
  EXPECT_EQ(r.error_bound, 0);
  // The undirected path oscillates under damping 1: the bound is infinite, no stop.
  const csr_graph path = test::make_graph(3, {{0, 1}, {1, 2}}, false);
  options.max_iterations = 5;
  const pagerank_result p = pagerank(device_graph(path, where()), options);
  EXPECT_FALSE(p.converged);
  EXPECT_TRUE(std::isinf(p.error_bound));
}

TEST_P(pagerank_stop_test, an_iteration_that_changes_nothing_stops_every_rule) {
  // A directed cycle's uniform start is its fixed point: with tolerance 0 NetworkX's strict
  // test never holds, and every iteration up to the limit would return the same ranks.
  const csr_graph cycle = test::make_graph(3, {{0, 1}, {1, 2}, {2, 0}}, true);
  for (const pagerank_stop stop : {pagerank_stop::networkx, pagerank_stop::error_bound}) {
    pagerank_options options;
    options.tolerance = 0;
    options.stop = stop;
    options.max_iterations = 100000;
    const pagerank_result r = pagerank(device_graph(cycle, where()), options);
    EXPECT_TRUE(r.converged);
    EXPECT_EQ(r.iterations, 1);
    EXPECT_EQ(r.last_change, 0);
    const host_vector<double> reference =
        verify::reference_pagerank(cycle, 0.85, 0, options.max_iterations, {}, stop);
    EXPECT_LT(l1(r.rank, reference), 1e-15);
  }
}

TEST_P(pagerank_stop_test, iterates_that_go_round_a_cycle_end_the_run_as_the_limit_would) {
  // Under damping 1 the undirected path alternates exactly between the uniform vector and
  // (1/6, 2/3, 1/6): no rule can stop it, and the limit's parity picks the ranks.
  const csr_graph path = test::make_graph(3, {{0, 1}, {1, 2}}, false);
  pagerank_options options;
  options.damping = 1;
  for (const int limit : {1000000, 1000001}) {
    options.max_iterations = limit;
    const pagerank_result r = pagerank(device_graph(path, where()), options);
    EXPECT_FALSE(r.converged);
    EXPECT_LT(r.iterations, 10);
    EXPECT_NEAR(r.rank[1], limit % 2 == 0 ? 1.0 / 3 : 2.0 / 3, 1e-15) << limit;
  }
  // In doubles, tolerance 0 leaves a Kronecker graph's ranks going round a few iterates that
  // differ by ulps: a huge limit ends early, on the ranks of any limit past the cycle's start
  // by a multiple of its length (720 is one of every length up to 6).
  const csr_graph g = plexus_test::kron_graph(10, false, false, 1);
  const auto ranks = [&](int limit) {
    pagerank_options tight;
    tight.tolerance = 0;
    tight.max_iterations = limit;
    return pagerank(device_graph(g, where()), tight);
  };
  const pagerank_result huge = ranks(200001);
  ASSERT_FALSE(huge.converged);
  ASSERT_LT(huge.iterations, 2000);
  EXPECT_EQ(huge.rank, ranks(200001 - 720).rank);
  EXPECT_NE(huge.rank, ranks(200000).rank);
  // The reference raises as soon as its own iterates have gone round, where NetworkX would
  // after the limit.
  EXPECT_THROW(verify::reference_pagerank(g, 0.85, 0, 200001), error);
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(pagerank_stop_test);

}  // namespace
}  // namespace plexus
