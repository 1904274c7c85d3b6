// Partitions, local graphs and exchange plans built by the threads communicator at 1..4
// ranks, checked against the whole graph on every test graph (distribution_checks.hpp:
// hand-made graphs, one with fewer vertices than ranks, isolated vertices, weighted, directed
// with and without its reverse CSR, Kronecker 10); the ghost layout; the byte-balanced split.
#include <gtest/gtest.h>

#include <vector>

#include "distribution_checks.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/bfs/bfs_verify.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/dist/partition_summary.hpp"
#include "plexus/dist/threads_communicator.hpp"
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

TEST(partition, every_test_graph_at_one_to_four_ranks) {
  for (const plexus_test::named_graph& g : plexus_test::distribution_graphs()) {
    SCOPED_TRACE(g.name);
    check_at_one_to_four_ranks(g.graph);
  }
}

TEST(partition, fewer_vertices_than_ranks_leaves_ranks_empty) {
  const std::vector<rank_graph> parts = distributed(tiny_graph(2, {{0, 1}}, false), 4);
  int empty = 0;
  for (const rank_graph& part : parts) empty += part.part.num_owned() == 0;
  EXPECT_GE(empty, 2);
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

TEST(local_graph, the_existing_kernels_run_on_it) {
  // Each rank's local graph uploaded as it is: a push-only BFS from its busiest vertex reaches
  // what a serial BFS over its arcs reaches, ghosts included as leaves.
  for (const bool directed : {false, true}) {
    const std::vector<rank_graph> parts = distributed(plexus_test::kron(10, directed), 3);
    for (const rank_graph& mine : parts) {
      if (mine.part.num_owned() == 0) continue;
      vertex_t source = 0;
      for (vertex_t v = 1; v < mine.part.num_owned(); ++v)
        if (mine.graph.degree(v) > mine.graph.degree(source)) source = v;
      const device_graph on_host(mine.graph, backend::host);
      const bfs_result result = bfs(on_host, source, {.direction = direction_mode::push});
      const host_vector<vertex_t> expected = verify::reference_bfs_depths(mine.graph, source);
      EXPECT_TRUE(std::equal(result.depth.begin(), result.depth.end(), expected.begin(), expected.end()));
      bool reached_a_ghost = false;
      for (vertex_t g = mine.part.num_owned(); g < mine.part.num_local(); ++g)
        reached_a_ghost |= result.depth[g] != unreached_depth;
      EXPECT_TRUE(reached_a_ghost);
    }
  }
}

TEST(partition_summary, what_each_rank_holds_and_sends) {
  // Two ranks of 0-2, 1-3: each owns two vertices and holds the other's two as ghosts.
  const std::vector<rank_summary> ranks = plan_partition(tiny_graph(4, {{0, 2}, {1, 3}}, false), 2);
  ASSERT_EQ(ranks.size(), 2u);
  for (std::size_t r = 0; r < 2; ++r) {
    EXPECT_EQ(ranks[r].first, 2 * r);
    EXPECT_EQ(ranks[r].vertices, 2u);
    EXPECT_EQ(ranks[r].arcs, 2u);
    EXPECT_EQ(ranks[r].ghosts, 2u);
    EXPECT_EQ(ranks[r].send_list, 2u);
    EXPECT_EQ(ranks[r].peers, 1);
    EXPECT_EQ(ranks[r].local_ids, 128u);
    EXPECT_EQ(ranks[r].model_bytes, 2 * 12u + 2 * 4u);
    EXPECT_EQ(ranks[r].bottom_up_bytes, 8u);  // two bits, one word
    EXPECT_EQ(ranks[r].pagerank_bytes, 16u);  // two doubles
  }
  const std::vector<rank_summary> one = plan_partition(plexus_test::kron(8, true), 1);
  EXPECT_EQ(one[0].ghosts, 0u);
  EXPECT_EQ(one[0].bottom_up_bytes, 0u);
  EXPECT_EQ(one[0].arcs, 2 * plexus_test::kron(8, true).num_edges());  // out- and in-lists
}

TEST(vertex_ranges, split_by_bytes_lands_within_one_vertex_of_every_share) {
  const csr_graph whole = plexus_test::kron(10, false, 1, 16);
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
