// Distributed connected components (cc_dist.hpp) on the threads communicator at 1 to 4 ranks
// against the single-device run on the whole graph: labels and component counts bit for bit,
// on the distribution tests' hand-made graphs (one with fewer vertices than ranks, isolated
// vertices, input ids, directed with and without the reverse CSR), Kronecker graphs of scale
// 12 to 16 (undirected, directed, and in degree order, where original ids do not ascend),
// many small components, a long path in input order and scattered over every rank, and,
// where the datasets folder exists, road networks, a mesh and social and directed graphs.
#include "plexus/algorithms/cc/cc_dist.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "distribution_checks.hpp"
#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/dist/rank_graph.hpp"
#include "plexus/dist/threads_communicator.hpp"
#include "plexus/graph/relabel.hpp"
#include "plexus/io/read_graph.hpp"
#include "skip_reasons.hpp"
#include "tiny_graph.hpp"

namespace plexus {
namespace {

struct whole_run {
  host_vector<vertex_t> label;
  std::uint64_t num_components = 0;
  int rounds = 0;
};

whole_run single_device(const csr_graph& graph) {
  const cc_result r = connected_components(device_graph(graph, backend::host));
  return {r.label, r.num_components, 0};
}

/// The distributed run at `ranks` ranks, each rank's labels put at their global ids.
whole_run distributed(const csr_graph& graph, int ranks, const cc_options& options = {}) {
  whole_run run;
  run.label.assign(graph.num_vertices(), invalid_vertex);
  std::vector<cc_dist_result> results(static_cast<std::size_t>(ranks));
  const int threads = std::max(1, omp_get_max_threads() / ranks);
  dist::run_threads(ranks, [&](dist::communicator& comm) {
    // The ranks share the cores, as MPI ranks on one host would: oversubscribed OpenMP teams
    // only wait for one another.
    omp_set_num_threads(threads);
    const dist::rank_graph mine = dist::distribute(comm, graph);
    cc_dist_result r = connected_components_distributed(
        comm, mine.part, device_graph(mine.graph, backend::host), mine.original_ids, options);
    std::copy(r.label.begin(), r.label.end(), run.label.begin() + mine.part.first_owned());
    results[static_cast<std::size_t>(comm.rank())] = std::move(r);
  });
  run.num_components = results[0].num_components;
  run.rounds = results[0].rounds;
  for (const cc_dist_result& r : results) {
    EXPECT_EQ(r.num_components, run.num_components) << "the ranks count different components";
    EXPECT_EQ(r.rounds, run.rounds) << "the ranks took different round counts";
  }
  return run;
}

void expect_same_as_one_device(const csr_graph& graph, const std::vector<int>& ranks = {1, 2, 3, 4}) {
  const whole_run expected = single_device(graph);
  for (const int p : ranks) {
    SCOPED_TRACE(testing::Message() << p << " ranks");
    const whole_run got = distributed(graph, p);
    EXPECT_EQ(got.label, expected.label);
    EXPECT_EQ(got.num_components, expected.num_components);
    if (p == 1) {
      EXPECT_EQ(got.rounds, 0) << "one rank has nothing to exchange";
    }
  }
}

/// A path through n vertices, visiting them in the order `order`.
csr_graph path_through(const std::vector<vertex_t>& order) {
  std::vector<test::arc> arcs;
  for (std::size_t i = 1; i < order.size(); ++i) arcs.push_back({order[i - 1], order[i]});
  return test::tiny_graph(static_cast<vertex_t>(order.size()), arcs, false);
}

TEST(cc_distributed, the_distribution_test_graphs) {
  plexus_test::for_each_distribution_graph([](const csr_graph& graph) { expect_same_as_one_device(graph); });
}

TEST(cc_distributed, two_stars_joined_only_by_their_centres_last_arcs) {
  // At two ranks each owns one star, the largest component of its local graph, which Afforest
  // skips in its final phase; the arc between the centres comes last in both centres' lists
  // (a ghost's local id is above every owned one), past the neighbour rounds, so only the
  // final phase's links to ghosts join the stars.
  constexpr vertex_t kLeaves = 40;
  for (const bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    std::vector<test::arc> arcs{{0, kLeaves + 1}};
    for (vertex_t leaf = 1; leaf <= kLeaves; ++leaf) {
      arcs.push_back({0, leaf});
      arcs.push_back({kLeaves + 1, kLeaves + 1 + leaf});
    }
    csr_graph graph = test::tiny_graph(2 * (kLeaves + 1), arcs, directed);
    if (directed) graph.build_in_edges();
    expect_same_as_one_device(graph);
  }
}

TEST(cc_distributed, kronecker_undirected_directed_and_in_degree_order) {
  for (const int scale : {12, 14}) {
    SCOPED_TRACE(scale);
    const csr_graph undirected = plexus_test::kron(scale, false);
    expect_same_as_one_device(undirected);
    // Original ids no longer ascend with the ids: the labels are chosen by them.
    expect_same_as_one_device(relabel(undirected, vertex_order::degree));
  }
  for (const plexus_test::named_graph& g :
       plexus_test::with_and_without_reverse(plexus_test::kron(12, true))) {
    SCOPED_TRACE(g.name);
    expect_same_as_one_device(g.graph);
  }
}

TEST(cc_distributed, kronecker_16) {
  expect_same_as_one_device(plexus_test::kron(16, false), {2, 3});
}

TEST(cc_distributed, many_small_components_in_any_options) {
  // A sparse uniform graph: thousands of components, most of them a few vertices.
  const csr_graph graph = plexus_test::uniform_graph(4000, 1500, false);
  const whole_run expected = single_device(graph);
  ASSERT_GT(expected.num_components, 1000u);
  for (const cc_options options :
       {cc_options{}, cc_options{.neighbor_rounds = 0}, cc_options{.sample_size = 1}}) {
    const whole_run got = distributed(graph, 3, options);
    EXPECT_EQ(got.label, expected.label);
    EXPECT_EQ(got.num_components, expected.num_components);
  }
}

TEST(cc_distributed, a_long_path_takes_a_round_per_rank_it_crosses) {
  std::vector<vertex_t> order(3000);
  std::iota(order.begin(), order.end(), vertex_t{0});
  const csr_graph in_order = path_through(order);
  expect_same_as_one_device(in_order);
  // Each rank holds one stretch: the smallest id crosses one rank boundary a round.
  for (int p = 2; p <= 4; ++p) EXPECT_LE(distributed(in_order, p).rounds, p + 1) << p << " ranks";
}

TEST(cc_distributed, a_path_scattered_over_every_rank) {
  // Consecutive vertices of the path on different ranks: every star is a few vertices, and
  // keys travel a few stars a round.
  std::vector<vertex_t> order(600);
  std::iota(order.begin(), order.end(), vertex_t{0});
  std::shuffle(order.begin(), order.end(), std::mt19937(7));
  expect_same_as_one_device(path_through(order));
}

TEST(cc_distributed, invalid_options_are_refused_on_every_rank) {
  const csr_graph graph = plexus_test::kron(8, false);
  EXPECT_THROW(distributed(graph, 2, {.neighbor_rounds = -1}), error);
  EXPECT_THROW(distributed(graph, 3, {.sample_size = 0}), error);
}

TEST(cc_distributed, real_graphs) {
  PLEXUS_SKIP_WITHOUT_DATASET(test::datasets_dir() / "graphs");
  for (const char* file : {"luxembourg_osm.mtx", "rome99.gr", "delaunay_n15.graph", "CA-GrQc.txt",
                           "Wiki-Vote.txt", "p2p-Gnutella08.txt"}) {
    SCOPED_TRACE(file);
    const std::filesystem::path path = test::datasets_dir() / "graphs" / file;
    PLEXUS_SKIP_WITHOUT_DATASET(path);
    csr_graph graph = io::read_graph(path);
    if (graph.directed()) graph.build_in_edges();
    expect_same_as_one_device(graph, {2, 4});
  }
}

}  // namespace
}  // namespace plexus
