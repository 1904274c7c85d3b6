// Partitions, local graphs and exchange plans built by the threads communicator at 1..4
// ranks, checked against the whole graph (distribution_checks.hpp): hand-made graphs, one
// with fewer vertices than ranks (empty ranks), isolated vertices, weighted, directed with
// and without its reverse CSR, Kronecker 10; and the byte-balanced split itself.
#include <gtest/gtest.h>

#include <mutex>
#include <vector>

#include "distribution_checks.hpp"
#include "plexus/dist/threads_communicator.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"
#include "tiny_graph.hpp"

namespace plexus::dist {
namespace {

using test::tiny_graph;

/// Every rank's part of `whole` at `ranks` ranks, distributed by the threads communicator.
std::vector<rank_graph> distributed(const csr_graph& whole, int ranks) {
  std::vector<rank_graph> parts(static_cast<std::size_t>(ranks));
  run_threads(ranks, [&](communicator& comm) {
    parts[static_cast<std::size_t>(comm.rank())] = distribute(comm, whole);
  });
  return parts;
}

void check_at_one_to_four_ranks(const csr_graph& whole) {
  for (int p = 1; p <= 4; ++p) {
    SCOPED_TRACE(testing::Message() << p << " ranks");
    plexus_test::check_distribution(whole, distributed(whole, p));
  }
}

csr_graph kronecker10(bool directed) {
  generators::kronecker_options options;
  options.scale = 10;
  options.edge_factor = 16;
  options.directed = directed;
  build_options build;
  build.build_in_edges = directed;
  return build_graph(generators::kronecker(options), build);
}

TEST(partition, path_and_triangle) {
  check_at_one_to_four_ranks(tiny_graph(7, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {0, 2}}, false));
}

TEST(partition, star_whose_hub_outweighs_a_share) {
  std::vector<test::arc> arcs;
  for (vertex_t v = 1; v < 40; ++v) arcs.push_back({0, v});
  check_at_one_to_four_ranks(tiny_graph(40, arcs, false));
}

TEST(partition, fewer_vertices_than_ranks) {
  const csr_graph whole = tiny_graph(2, {{0, 1}}, false);
  check_at_one_to_four_ranks(whole);
  const std::vector<rank_graph> parts = distributed(whole, 4);
  int empty = 0;
  for (const rank_graph& part : parts) empty += part.part.num_owned() == 0;
  EXPECT_GE(empty, 2);
}

TEST(partition, isolated_vertices) {
  check_at_one_to_four_ranks(tiny_graph(12, {{2, 9}, {3, 4}}, false));
  check_at_one_to_four_ranks(tiny_graph(5, {}, false));
  check_at_one_to_four_ranks(tiny_graph(0, {}, false));
}

TEST(partition, weighted) {
  check_at_one_to_four_ranks(tiny_graph(6, {{0, 5, 2.5f}, {1, 2, 3}, {2, 3, 0.5f}, {4, 0, 7}}, false, true));
}

TEST(partition, directed_with_and_without_its_reverse) {
  csr_graph with_reverse =
      tiny_graph(8, {{0, 7}, {7, 0}, {1, 6}, {2, 3}, {5, 3}, {4, 1}, {6, 2}}, true, true);
  check_at_one_to_four_ranks(with_reverse);  // no reverse yet
  with_reverse.build_in_edges();
  check_at_one_to_four_ranks(with_reverse);
}

TEST(partition, kronecker_10) {
  check_at_one_to_four_ranks(kronecker10(false));
  check_at_one_to_four_ranks(kronecker10(true));
}

TEST(partition, a_ghost_block_per_peer_padded_to_whole_words) {
  // Rank 1 of 2 names vertices 0 and 1 of rank 0: one block of two ghosts after its owned
  // vertices, starting at local id 64.
  const csr_graph whole = tiny_graph(4, {{0, 2}, {1, 3}}, false);
  const std::vector<rank_graph> parts = distributed(whole, 2);
  const partition& second = parts[1].part;
  ASSERT_EQ(second.first_owned(), 2u);
  EXPECT_EQ(second.plan(0).recv_first, 64u);
  EXPECT_EQ(second.plan(0).recv_count, 2u);
  EXPECT_EQ(second.num_local(), 128u);
  EXPECT_EQ(parts[0].part.plan(1).send, (host_vector<vertex_t>{0, 1}));
  EXPECT_EQ(second.local_id(1), 65u);
  EXPECT_EQ(second.global_id(66), invalid_vertex);
  EXPECT_EQ(parts[1].graph.num_vertices(), 128u);
}

TEST(vertex_ranges, split_by_bytes_lands_within_one_vertex_of_every_share) {
  const csr_graph whole = kronecker10(false);
  const byte_model model = byte_model::of(whole);
  const auto cost = [&](vertex_t v) { return model.per_vertex * v + model.per_arc * whole.offsets()[v]; };
  std::uint64_t heaviest = 0;
  for (vertex_t v = 0; v < whole.num_vertices(); ++v) heaviest = std::max(heaviest, cost(v + 1) - cost(v));
  for (int p = 1; p <= 7; ++p) {
    const vertex_ranges ranges = split_by_bytes(whole, p);
    for (int k = 1; k < p; ++k) {
      const std::uint64_t target = split_target(cost(whole.num_vertices()), k, p);
      const std::uint64_t at = cost(ranges.first(k));
      EXPECT_LE(at > target ? at - target : target - at, heaviest / 2 + 1) << k << " of " << p;
    }
  }
}

TEST(vertex_ranges, owner_skips_empty_ranges) {
  const vertex_ranges ranges({0, 0, 3, 3, 5});
  EXPECT_EQ(ranges.owner(0), 1);
  EXPECT_EQ(ranges.owner(2), 1);
  EXPECT_EQ(ranges.owner(3), 3);
  EXPECT_EQ(ranges.owner(4), 3);
  EXPECT_EQ(ranges.count(0), 0u);
  EXPECT_THROW(vertex_ranges({0, 3, 2}), error);
}

}  // namespace
}  // namespace plexus::dist
