// A kept self-loop changes nothing in BFS, on every back end and in every direction: a vertex
// is its own neighbour at the depth it already has, so no depth or parent moves, and a vertex
// whose only edge is its loop stays unreached.
#include <gtest/gtest.h>

#include <vector>

#include "algorithm_test_support.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/bfs/bfs_verify.hpp"

namespace plexus {
namespace {

class bfs_self_loops_test : public test::backend_test {};

TEST_P(bfs_self_loops_test, kept_self_loops_change_no_depth_or_parent) {
  // Path 0 - 1 - 2 with loops on 0 and 2, and 3 with a loop only; directed and undirected.
  for (const bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    const csr_graph g = test::make_graph(4, {{0, 0}, {0, 1}, {1, 2}, {2, 2}, {3, 3}}, directed, false, true);
    ASSERT_EQ(g.num_edges(), directed ? 5u : 7u);
    for (const direction_mode direction : {direction_mode::automatic, direction_mode::push, direction_mode::pull}) {
      bfs_options options;
      options.direction = direction;
      const bfs_result r = bfs(device_graph(g, where()), 0, options);
      EXPECT_EQ(std::vector<vertex_t>(r.depth.begin(), r.depth.end()),
                (std::vector<vertex_t>{0, 1, 2, unreached_depth}));
      EXPECT_EQ(std::vector<vertex_t>(r.parent.begin(), r.parent.end()),
                (std::vector<vertex_t>{0, 0, 1, invalid_vertex}));
      const auto v = verify::bfs(g, 0, r.depth, r.parent);
      EXPECT_TRUE(v.ok) << v.message;
    }
  }
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(bfs_self_loops_test);

}  // namespace
}  // namespace plexus
