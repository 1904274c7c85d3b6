// PageRank's per-iteration sums are exact (pagerank_shared.hpp): the host run gives the same
// ranks, bit for bit, and stops on the same iteration whatever its thread count, where sums
// added per thread and combined in thread order would change in the last bits.
#include <gtest/gtest.h>
#include <omp.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "graph_suite_support.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"

namespace plexus {
namespace {

/// The ranks of a host run on `threads` OpenMP threads, as bit patterns.
std::vector<std::uint64_t> ranks_on(int threads, const device_graph& graph, const pagerank_options& options,
                                    int& iterations) {
  const int before = omp_get_max_threads();
  omp_set_num_threads(threads);
  const pagerank_result r = pagerank(graph, options);
  omp_set_num_threads(before);
  iterations = r.iterations;
  std::vector<std::uint64_t> bits;
  for (const double x : r.rank) bits.push_back(std::bit_cast<std::uint64_t>(x));
  return bits;
}

TEST(pagerank_sums, the_ranks_do_not_depend_on_the_thread_count) {
  // Directed: sinks hold rank mass, so the dangling sum feeds every rank.
  const csr_graph graph = plexus_test::kron(14, true);
  const device_graph on_host(graph, backend::host);
  for (const pagerank_variant variant : {pagerank_variant::networkx, pagerank_variant::graphalytics}) {
    const pagerank_options options{.tolerance = 1e-10, .max_iterations = 30, .variant = variant};
    int one_iterations = 0;
    const std::vector<std::uint64_t> one = ranks_on(1, on_host, options, one_iterations);
    for (const int threads : {2, 3, 5}) {
      SCOPED_TRACE(threads);
      int iterations = 0;
      EXPECT_EQ(ranks_on(threads, on_host, options, iterations), one);
      EXPECT_EQ(iterations, one_iterations);
    }
  }
}

}  // namespace
}  // namespace plexus
