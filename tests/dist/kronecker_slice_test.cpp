// Each rank building its slice of a Kronecker graph, with the threads communicator at 1..4
// ranks: the ranges and slices equal those of the graph one process builds for the same
// options (undirected, directed with its reverse, weighted, and one of two vertices, fewer
// than the ranks), and the parts built from them pass every distribution check.
#include "plexus/dist/kronecker_slice.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "distribution_checks.hpp"
#include "graph_suite_support.hpp"
#include "plexus/dist/threads_communicator.hpp"
#include "slice_checks.hpp"

namespace plexus::dist {
namespace {

/// The options of Kronecker SCALE with EDGEFACTOR arcs a vertex, seed 1.
generators::kronecker_options kron_spec(int scale, int edge_factor, bool directed, bool weighted) {
  return plexus_test::kron_options(scale, directed, 1, edge_factor, weighted);
}

void expect_slices_of_the_whole(const generators::kronecker_options& options) {
  const csr_graph whole =
      plexus_test::kron(options.scale, options.directed, options.seed, options.edge_factor, options.weighted);
  for (int p = 1; p <= 4; ++p) {
    SCOPED_TRACE(testing::Message() << p << " ranks");
    const vertex_ranges expected = split_by_bytes(whole, p);
    std::vector<rank_slice> made(static_cast<std::size_t>(p));
    run_threads(p, [&](communicator& comm) {
      made[static_cast<std::size_t>(comm.rank())] = kronecker_slice(comm, options);
    });
    for (int r = 0; r < p; ++r) {
      SCOPED_TRACE(testing::Message() << "rank " << r);
      EXPECT_EQ(made[static_cast<std::size_t>(r)].ranges, expected);
      plexus_test::expect_same_slice(made[static_cast<std::size_t>(r)].slice,
                                     slice_of(whole, expected.first(r), expected.last(r)));
    }
  }
}

TEST(kronecker_slice, the_slices_of_the_graph_one_process_builds) {
  expect_slices_of_the_whole(kron_spec(10, 16, false, false));
  expect_slices_of_the_whole(kron_spec(10, 16, true, false));
  expect_slices_of_the_whole(kron_spec(9, 8, false, true));
  expect_slices_of_the_whole(kron_spec(9, 8, true, true));
  expect_slices_of_the_whole(kron_spec(1, 2, false, false));
  expect_slices_of_the_whole(kron_spec(3, 0, false, true));
}

TEST(kronecker_slice, generate_kronecker_passes_the_distribution_checks) {
  const generators::kronecker_options options = kron_spec(10, 16, true, true);
  const csr_graph whole = plexus_test::kron(10, true, 1, 16, true);
  for (int p = 1; p <= 4; ++p) {
    std::vector<rank_graph> parts(static_cast<std::size_t>(p));
    run_threads(p, [&](communicator& comm) {
      parts[static_cast<std::size_t>(comm.rank())] = generate_kronecker(comm, options);
    });
    plexus_test::check_distribution(whole, parts);
  }
}

TEST(kronecker_slice, bad_options_fail_every_rank) {
  generators::kronecker_options options = kron_spec(40, 16, false, false);
  EXPECT_THROW(run_threads(3, [&](communicator& comm) { kronecker_slice(comm, options); }), error);
}

}  // namespace
}  // namespace plexus::dist
