// The byte models of perf/bytes_moved.hpp on tiny graphs whose counts are worked out by hand
// (docs/performance/portability.md, "Bytes counted"): 8-byte offsets, 4-byte ids, weights,
// depths and labels, 8-byte path counts, scores and coefficients.
#include "plexus/perf/bytes_moved.hpp"

#include <gtest/gtest.h>

#include "hyper_test_support.hpp"
#include "tiny_graph.hpp"

namespace {

using namespace plexus;
using test::tiny_graph;

// A triangle 0-1-2 with a tail 2-3 and an isolated vertex 4: degrees 2, 2, 3, 1, 0; 8 arcs.
csr_graph triangle_with_tail() {
  return tiny_graph(5, {{0, 1}, {0, 2}, {1, 2}, {2, 3}}, false);
}

TEST(bytes_moved, bfs_counts_depths_reached_lists_and_neighbour_depths) {
  // From 0: reaches 4 vertices holding all 8 arcs. Depths 5 x 4 initialised, 4 offsets x 8,
  // 8 arcs x (id 4 + neighbour's depth 4), 4 depths x 4 written.
  EXPECT_EQ(perf::bfs_bytes(5, 4, 8), 20u + 32u + 64u + 16u);
  // From the isolated vertex: only its own offset and depth besides the initialisation.
  EXPECT_EQ(perf::bfs_bytes(5, 1, 0), 20u + 8u + 4u);
}

TEST(bytes_moved, sssp_adds_one_weight_per_arc_on_weighted_graphs) {
  EXPECT_EQ(perf::sssp_bytes(5, 4, 8, false), perf::bfs_bytes(5, 4, 8));
  EXPECT_EQ(perf::sssp_bytes(5, 4, 8, true), perf::bfs_bytes(5, 4, 8) + 8u * 4u);
}

TEST(bytes_moved, cc_and_lp_read_every_list_with_the_neighbours_labels) {
  // Labels 5 x 4 initialised; 5 offsets x 8 and 8 arcs x (4 + 4); labels 5 x 4 written.
  EXPECT_EQ(perf::cc_bytes(5, 8), 20u + 40u + 64u + 20u);
  // Labels initialised once, then three iterations of the sweep and the writes.
  EXPECT_EQ(perf::lp_bytes(5, 8, 3), 20u + 3u * (40u + 64u + 20u));
  EXPECT_EQ(perf::lp_bytes(5, 8, 0), 20u);
}

TEST(bytes_moved, bc_is_twice_a_full_bfs_plus_path_counts_per_source) {
  const std::uint64_t full_bfs = 20u + 40u + 64u + 20u;
  EXPECT_EQ(perf::bfs_bytes(5, 5, 8), full_bfs);
  // Per vertex and source: path count, dependency and score, each 8 bytes read and written.
  EXPECT_EQ(perf::bc_bytes(5, 8, 2), 2u * (2u * full_bfs + 5u * 48u));
  EXPECT_EQ(perf::bc_bytes(5, 8, 0), 0u);
}

TEST(bytes_moved, kcore_reads_every_list_once_and_updates_the_neighbours_degrees) {
  // Degrees from 5 offsets (8) written (4); 5 offsets x 8 and 8 arcs x (id 4 + degree read 4 +
  // written 4); cores 5 x 4.
  EXPECT_EQ(perf::kcore_bytes(5, 8), 60u + 40u + 96u + 20u);
}

TEST(bytes_moved, tc_reads_the_graph_writes_it_oriented_and_intersects_the_oriented_lists) {
  // Ranked by (degree, id): 3 < 0 < 1 < 2, so the oriented arcs are 0->1, 0->2, 1->2, 3->2
  // with out-degrees 2, 1, 0, 1, 0. Orienting reads 5 offsets and 8 ids and writes 5 offsets
  // and 4 ids; each oriented arc u->v reads v's offset and the shorter of the two oriented
  // lists, probing the other once per entry: 1 entry for 0->1, none for the arcs into 2.
  const std::uint64_t orient = (40u + 32u) + (40u + 16u);
  const std::uint64_t intersections = (8u + 2u * 1u * 4u) + 3u * 8u;
  EXPECT_EQ(perf::tc_bytes(triangle_with_tail()), orient + intersections);
}

TEST(bytes_moved, jaccard_and_lcc_intersect_the_lists_once_per_edge) {
  const csr_graph g = triangle_with_tail();
  // The sweep: 5 offsets and 8 ids. Per edge: the second end's offset, the shorter list and
  // one probe of the longer per entry: {0,1} 2, {0,2} 2, {1,2} 2, {2,3} 1 entries.
  const std::uint64_t sweep = 40u + 32u;
  const std::uint64_t pairs = 4u * 8u + 2u * (2u + 2u + 2u + 1u) * 4u;
  EXPECT_EQ(perf::jaccard_bytes(g), sweep + pairs + 8u * 8u);  // a score per arc
  EXPECT_EQ(perf::lcc_bytes(g), sweep + pairs + 5u * 8u);      // a coefficient per vertex
}

TEST(bytes_moved, lcc_on_a_directed_graph_intersects_once_per_arc) {
  // The cycle 0->1->2->0: every vertex has one out-arc.
  const csr_graph g = tiny_graph(3, {{0, 1}, {1, 2}, {2, 0}}, true);
  EXPECT_EQ(perf::lcc_bytes(g), (24u + 12u) + 3u * (8u + 2u * 4u) + 3u * 8u);
}

TEST(bytes_moved, hypergraph_bfs_and_cc_read_both_incidence_lists) {
  // Hyperedges {0, 1, 2} and {2, 3}: 4 vertices, 2 hyperedges, 5 pins.
  const hypergraph h = test::make_hypergraph(4, {{0, 1, 2}, {2, 3}});
  // From vertex 0 everything is reached: 6 depths initialised, 6 offsets, 10 pins read with
  // the other side's depth, 6 depths written.
  EXPECT_EQ(perf::hyper_bfs_bytes(h, 4, 5, 2, 5), 24u + (48u + 10u * 8u) + 24u);
  // Labels of 4 vertices initialised; per round the same lists with labels, 6 labels written
  // and each vertex's label read and written by the pointer jump.
  const std::uint64_t round = (48u + 10u * 8u) + 24u + 32u;
  EXPECT_EQ(perf::hyper_cc_bytes(h, 2), 16u + 2u * round);
}

}  // namespace
