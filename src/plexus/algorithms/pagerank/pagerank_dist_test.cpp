// Distributed PageRank (pagerank_dist.hpp) on the threads communicator at 1 to 4 ranks against
// the single-device run on the host: the same ranks bit for bit, the same iteration count,
// convergence and residual, for both variants and stopping rules, weighted and not, in both
// gather layouts, on Kronecker graphs of scale 12 and 14, a directed one with its reverse
// CSR, the distribution tests' hand-made graphs, tolerance 0 (where the iterates go round a
// cycle) and, where the datasets folder exists, real graphs; and the refusals.
#include "plexus/algorithms/pagerank/pagerank_dist.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "distribution_checks.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/dist/threads_communicator.hpp"
#include "skip_reasons.hpp"

namespace plexus {
namespace {

/// The ranks as bit patterns, so that EXPECT_EQ compares bit for bit.
std::vector<std::uint64_t> bits_of(std::span<const double> ranks) {
  std::vector<std::uint64_t> bits;
  for (const double r : ranks) bits.push_back(std::bit_cast<std::uint64_t>(r));
  return bits;
}

/// The distributed run at `ranks` ranks, the owned ranks put at their global ids.
pagerank_result distributed(const csr_graph& graph, int ranks, const pagerank_options& options) {
  pagerank_result whole;
  whole.rank.assign(graph.num_vertices(), 0.0);
  std::vector<pagerank_result> each(static_cast<std::size_t>(ranks));
  dist::run_threads(ranks, [&](dist::communicator& comm) {
    const dist::rank_graph mine = dist::distribute(comm, graph, dist::list_order::global);
    const device_graph on_host(mine.graph, backend::host);
    pagerank_dist_result r = pagerank_distributed(comm, mine, on_host, options);
    std::copy(r.run.rank.begin(), r.run.rank.end(), whole.rank.begin() + mine.part.first_owned());
    r.run.rank = {};
    each[static_cast<std::size_t>(comm.rank())] = std::move(r.run);
  });
  for (const pagerank_result& r : each) {
    EXPECT_EQ(r.iterations, each[0].iterations);
    EXPECT_EQ(r.converged, each[0].converged);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(r.last_change), std::bit_cast<std::uint64_t>(each[0].last_change));
  }
  whole.iterations = each[0].iterations;
  whole.converged = each[0].converged;
  whole.last_change = each[0].last_change;
  whole.bytes_per_iteration = each[0].bytes_per_iteration;
  return whole;
}

void expect_same_as_one_device(const csr_graph& graph, const pagerank_options& options, int max_ranks = 4) {
  const device_graph on_host(graph, backend::host);
  const pagerank_result expected = pagerank(on_host, options);
  for (int p = 1; p <= max_ranks; ++p) {
    SCOPED_TRACE(testing::Message() << p << " ranks");
    const pagerank_result got = distributed(graph, p, options);
    EXPECT_EQ(bits_of(got.rank), bits_of(expected.rank));
    EXPECT_EQ(got.iterations, expected.iterations);
    EXPECT_EQ(got.converged, expected.converged);
    EXPECT_EQ(got.last_change, expected.last_change);
    EXPECT_EQ(got.bytes_per_iteration, expected.bytes_per_iteration);
  }
}

/// The option sets every graph is run with.
std::vector<std::pair<const char*, pagerank_options>> option_sets(bool weighted_graph) {
  std::vector<std::pair<const char*, pagerank_options>> sets;
  sets.push_back({"default", {}});
  sets.push_back({"vertex order", {.gather = pagerank_gather::vertex_order}});
  sets.push_back({"clustered", {.gather = pagerank_gather::hub_clustered}});
  sets.push_back({"networkx stop", {.tolerance = 1e-9, .stop = pagerank_stop::networkx}});
  sets.push_back({"graphalytics", {.max_iterations = 7, .variant = pagerank_variant::graphalytics}});
  sets.push_back(
      {"graphalytics, one step", {.max_iterations = 1, .variant = pagerank_variant::graphalytics}});
  if (weighted_graph) sets.push_back({"weighted", {.weighted = true}});
  return sets;
}

void expect_every_option_set(const csr_graph& graph, int max_ranks = 4) {
  for (const auto& [name, options] : option_sets(graph.weighted())) {
    SCOPED_TRACE(name);
    expect_same_as_one_device(graph, options, max_ranks);
  }
}

TEST(pagerank_distributed, the_distribution_test_graphs) {
  for (const plexus_test::named_graph& g : plexus_test::distribution_graphs()) {
    if (!g.graph.has_in_edges()) continue;
    SCOPED_TRACE(g.name);
    expect_every_option_set(g.graph);
  }
}

TEST(pagerank_distributed, kronecker) {
  for (const int scale : {12, 14}) {
    SCOPED_TRACE(scale);
    expect_every_option_set(plexus_test::kron(scale, false), scale == 14 ? 3 : 4);
  }
  SCOPED_TRACE("directed");
  expect_every_option_set(plexus_test::kron(12, true));
  SCOPED_TRACE("weighted");
  expect_every_option_set(plexus_test::kron(12, false, 1, 16, true));
}

TEST(pagerank_distributed, tolerance_zero_ends_on_the_iterate_the_limit_gives) {
  // Rounding keeps the change above 0: the iterates go round a cycle, found on every rank.
  const csr_graph graph = plexus_test::kron(10, false, 1, 8);
  expect_same_as_one_device(graph, {.tolerance = 0, .max_iterations = 400});
}

TEST(pagerank_distributed, refusals_reach_every_rank) {
  const csr_graph without(plexus_test::kron(8, true).out(), true);
  EXPECT_THROW(distributed(without, 2, {}), error);
  std::vector<double> personalization(256, 1.0);
  EXPECT_THROW(distributed(plexus_test::kron(8, false), 2, {.personalization = personalization}), error);
  EXPECT_THROW(distributed(plexus_test::kron(8, false), 2, {.damping = 2}), error);
  // A negative weight on one rank only.
  const csr_graph signed_graph = test::tiny_graph(6, {{0, 1, 1}, {2, 3, 1}, {4, 5, -1}}, false, true);
  try {
    distributed(signed_graph, 3, {.weighted = true});
    FAIL() << "no error";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::unsupported);
    EXPECT_NE(std::string(e.what()).find("has weight -1"), std::string::npos) << e.what();
  }
}

TEST(pagerank_distributed, real_graphs) {
  PLEXUS_SKIP_WITHOUT_DATASET(test::datasets_dir() / "graphs");
  for (const plexus_test::named_graph& g : plexus_test::distribution_datasets()) {
    SCOPED_TRACE(g.name);
    expect_same_as_one_device(g.graph, {}, 3);
  }
}

}  // namespace
}  // namespace plexus
