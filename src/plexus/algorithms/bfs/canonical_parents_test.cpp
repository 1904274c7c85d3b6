// Canonical BFS parents: the in-neighbour one level up of smallest original id, the same tree
// in every vertex order and on every back end, and a valid BFS tree for the verifier.
#include "plexus/algorithms/bfs/canonical_parents.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "algorithm_test_support.hpp"
#include "graph_suite_support.hpp"
#include "order_test_support.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/bfs/bfs_verify.hpp"

namespace plexus {
namespace {

using test::make_graph;
constexpr vertex_t X = invalid_vertex;

/// `graph` with the given original ids.
csr_graph with_ids(const csr_graph& graph, std::vector<std::uint64_t> ids) {
  std::optional<csr_arrays> in;
  if (graph.directed() && graph.has_in_edges()) in = graph.in();
  return csr_graph(graph.out(), graph.directed(), std::move(in),
                   host_vector<std::uint64_t>(ids.begin(), ids.end()));
}

class canonical_parents_test : public test::backend_test {};

// 0 -> {1, 2} -> 3 -> 4 and 2 -> 4: vertex 3 (depth 2) has two in-neighbours one level up,
// 1 and 2; vertex 4 (depth 2) has one, 2, besides 3 on its own level.
TEST_P(canonical_parents_test, bfs_parent_is_the_in_neighbour_one_level_up_of_smallest_original_id) {
  const csr_graph g = make_graph(5, {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {2, 4}}, true);
  const bfs_result r = bfs(device_graph(g, where()), 0);
  const host_vector<vertex_t> by_id = canonical_bfs_parents(g, 0, r.depth);
  EXPECT_EQ(std::vector<vertex_t>(by_id.begin(), by_id.end()), (std::vector<vertex_t>{0, 0, 0, 1, 2}));
  // Original ids that put 2 before 1 make 2 the parent of 3.
  const csr_graph swapped = with_ids(g, {10, 30, 20, 40, 50});
  const host_vector<vertex_t> by_swapped = canonical_bfs_parents(swapped, 0, r.depth);
  EXPECT_EQ(std::vector<vertex_t>(by_swapped.begin(), by_swapped.end()),
            (std::vector<vertex_t>{0, 0, 0, 2, 2}));
  EXPECT_TRUE(verify::bfs(swapped, 0, r.depth, by_swapped).ok);
  // Unreached vertices have no parent.
  const host_vector<vertex_t> from_4 = canonical_bfs_parents(g, 4, bfs(device_graph(g, where()), 4).depth);
  EXPECT_EQ(std::vector<vertex_t>(from_4.begin(), from_4.end()), (std::vector<vertex_t>{X, X, X, X, 4}));
}

// The kernels' parents depend on races and on the neighbour order, the canonical ones do not.
TEST_P(canonical_parents_test, bfs_parents_do_not_depend_on_vertex_order) {
  for (const bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    const csr_graph g = plexus_test::kron(11, directed, 1, 8);
    const csr_graph r = plexus_test::degree_ordered(g);
    const vertex_t source = 0;
    vertex_t r_source = 0;
    while (r.original_id(r_source) != g.original_id(source)) ++r_source;
    const bfs_result a = bfs(device_graph(g, where()), source);
    const bfs_result b_run = bfs(device_graph(r, where()), r_source);
    const host_vector<vertex_t> pa = canonical_bfs_parents(g, source, a.depth);
    const host_vector<vertex_t> pb = canonical_bfs_parents(r, r_source, b_run.depth);
    EXPECT_EQ(plexus_test::labels_by_id(g, pa), plexus_test::labels_by_id(r, pb));
    const auto v = verify::bfs(r, r_source, b_run.depth, pb);
    EXPECT_TRUE(v.ok) << v.message;
  }
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(canonical_parents_test);

}  // namespace
}  // namespace plexus
