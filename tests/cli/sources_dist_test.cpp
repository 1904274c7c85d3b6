// The sources `plexus bench --distributed` draws (src/plexus/cli/sources_dist.hpp) on the
// threads communicator at 1 to 4 ranks against draw_sources on the whole graph: the same
// vertices in the same order, the same eligible count and pool size, from the largest component
// and from the whole graph, distinct and (more sources than eligible vertices) repeated; on the
// distribution tests' graphs (isolated vertices, fewer vertices than ranks, directed with and
// without the reverse CSR, input ids), a graph of several components and Kronecker graphs in
// degree order, where input ids do not ascend with the global ids. A graph without arcs is
// refused by every rank in the single draw's words.
#include "plexus/cli/sources_dist.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "distribution_checks.hpp"
#include "plexus/algorithms/cc/cc_dist.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/threads_communicator.hpp"
#include "plexus/graph/relabel.hpp"

namespace plexus::cli {
namespace {

struct draw_case {
  int count, kept;
  std::uint64_t seed;
  source_pool pool;
};

/// Every rank's draw at `ranks` ranks, checked against the whole graph's.
void expect_same_draw(const csr_graph& whole, int ranks, const draw_case& c) {
  const drawn_sources expected = draw_sources(whole, c.count, c.kept, c.seed, c.pool);
  dist::run_threads(ranks, [&](dist::communicator& comm) {
    const dist::rank_graph mine = dist::distribute(comm, whole);
    const host_vector<vertex_t> components =
        connected_components_distributed(comm, mine.part, device_graph(mine.graph, backend::host),
                                         mine.original_ids)
            .label;
    const drawn_sources drawn = draw_sources(comm, mine, components, c.count, c.kept, c.seed, c.pool);
    EXPECT_EQ(drawn.sources, expected.sources) << "rank " << comm.rank();
    EXPECT_EQ(drawn.eligible, expected.eligible) << "rank " << comm.rank();
    EXPECT_EQ(drawn.pool_size, expected.pool_size) << "rank " << comm.rank();
  });
}

std::vector<plexus_test::named_graph> graphs_with_arcs() {
  std::vector<plexus_test::named_graph> graphs;
  for (plexus_test::named_graph& g : plexus_test::distribution_graphs())
    if (g.graph.num_edges() > 0) graphs.push_back(std::move(g));
  // Three components of 4, 6 and 6 vertices, and isolated ones: a tie the smallest id breaks.
  graphs.push_back({"components", plexus::test::tiny_graph(20,
                                                           {{0, 1},
                                                            {1, 2},
                                                            {2, 3},
                                                            {5, 6},
                                                            {6, 7},
                                                            {7, 8},
                                                            {8, 9},
                                                            {9, 10},
                                                            {12, 13},
                                                            {13, 14},
                                                            {14, 15},
                                                            {15, 16},
                                                            {16, 17}},
                                                           false)});
  graphs.push_back({"kron 11 in degree order", relabel(plexus_test::kron(11, false), vertex_order::degree)});
  graphs.push_back(
      {"kron 10 directed in degree order", relabel(plexus_test::kron(10, true), vertex_order::degree)});
  return graphs;
}

TEST(sources_dist, draws_what_the_whole_graph_draws) {
  const std::vector<draw_case> cases{{16, 16, 1, source_pool::largest_component},
                                     {16, 16, 7, source_pool::all},
                                     {4, 9, 3, source_pool::largest_component},
                                     {5000, 12, 2, source_pool::largest_component},
                                     {5000, 12, 2, source_pool::all}};
  for (const plexus_test::named_graph& g : graphs_with_arcs())
    for (int ranks = 1; ranks <= 4; ++ranks)
      for (const draw_case& c : cases) {
        SCOPED_TRACE(g.name + " at " + std::to_string(ranks) + " ranks, " + std::to_string(c.count) +
                     " sources, seed " + std::to_string(c.seed) +
                     (c.pool == source_pool::all ? ", all" : ", largest"));
        expect_same_draw(g.graph, ranks, c);
      }
}

TEST(sources_dist, refuses_a_graph_without_arcs_on_every_rank_alike) {
  const csr_graph whole = plexus::test::tiny_graph(5, {}, false);
  for (int ranks = 1; ranks <= 3; ++ranks)
    dist::run_threads(ranks, [&](dist::communicator& comm) {
      const dist::rank_graph mine = dist::distribute(comm, whole);
      try {
        draw_sources(comm, mine, {}, 4, 4, 1, source_pool::all);
        ADD_FAILURE() << "no error at " << ranks << " ranks";
      } catch (const dist::agreed_error& e) {
        EXPECT_TRUE(e.every_rank());
        EXPECT_EQ(e.detail(), "the graph has no edges: no source to traverse from");
      }
    });
}

}  // namespace
}  // namespace plexus::cli
