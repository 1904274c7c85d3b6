// A kept self-loop changes no component, on every back end: it links a vertex to itself, so a
// vertex whose only edge is its loop stays a component of its own.
#include <gtest/gtest.h>

#include <vector>

#include "algorithm_test_support.hpp"
#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/algorithms/cc/cc_verify.hpp"

namespace plexus {
namespace {

class cc_self_loops_test : public test::backend_test {};

TEST_P(cc_self_loops_test, kept_self_loops_change_no_component) {
  // Path 0 - 1 - 2 with loops on 0 and 2, 3 with a loop only, 4 alone; directed and undirected.
  for (const bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    const csr_graph g = test::make_graph(5, {{0, 0}, {0, 1}, {1, 2}, {2, 2}, {3, 3}}, directed, false, true);
    ASSERT_EQ(g.num_edges(), directed ? 5u : 7u);
    const cc_result r = connected_components(device_graph(g, where()));
    EXPECT_EQ(r.num_components, 3u);
    EXPECT_EQ(std::vector<vertex_t>(r.label.begin(), r.label.end()), (std::vector<vertex_t>{0, 0, 0, 3, 4}));
    const auto v = verify::compare_components(g, r.label);
    EXPECT_TRUE(v.ok) << v.message;
  }
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(cc_self_loops_test);

}  // namespace
}  // namespace plexus
