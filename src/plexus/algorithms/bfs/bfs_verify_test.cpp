// The BFS verifier accepts every valid BFS tree and rejects each kind of broken result,
// one test per invariant listed in bfs_verify.hpp.
#include "plexus/algorithms/bfs/bfs_verify.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "plexus/core/error.hpp"
#include "tiny_graph.hpp"

namespace plexus {
namespace {

using test::tiny_graph;
constexpr vertex_t X = invalid_vertex;  // unreached depth / no parent

// 0 - 1 - 3 - 4 and 0 - 2 - 3 (a diamond with a tail); 5 - 6 is a separate component.
csr_graph diamond() { return tiny_graph(7, {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {5, 6}}, false); }

struct bfs_output {
  std::vector<vertex_t> depth{0, 1, 1, 2, 3, X, X};
  std::vector<vertex_t> parent{0, 0, 0, 1, 3, X, X};
};

verify::verdict check(const csr_graph& g, const bfs_output& r, vertex_t source = 0) {
  return verify::bfs(g, source, r.depth, r.parent);
}

TEST(verify_bfs, accepts_correct_tree) {
  const auto v = check(diamond(), {});
  EXPECT_TRUE(v.ok) << v.message;
  EXPECT_TRUE(v.message.empty());
}

TEST(verify_bfs, accepts_alternative_parent) {
  bfs_output r;
  r.parent[3] = 2;  // 2 is as valid a parent of 3 as 1
  const auto v = check(diamond(), r);
  EXPECT_TRUE(v.ok) << v.message;
}

TEST(verify_bfs, accepts_other_source_and_component) {
  bfs_output r;
  r.depth = {X, X, X, X, X, 0, 1};
  r.parent = {X, X, X, X, X, 5, 5};
  const auto v = check(diamond(), r, 5);
  EXPECT_TRUE(v.ok) << v.message;
}

TEST(verify_bfs, rejects_wrong_lengths) {
  bfs_output r;
  r.depth.pop_back();
  EXPECT_FALSE(check(diamond(), r).ok);
  r = {};
  r.parent.push_back(0);
  EXPECT_FALSE(check(diamond(), r).ok);
}

TEST(verify_bfs, rejects_source_out_of_range) {
  const auto v = check(diamond(), {}, 7);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("out of range"), std::string::npos) << v.message;
}

TEST(verify_bfs, rejects_source_depth_not_zero) {
  bfs_output r;
  r.depth[0] = 1;
  const auto v = check(diamond(), r);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("source 0"), std::string::npos) << v.message;
}

TEST(verify_bfs, rejects_source_not_its_own_parent) {
  bfs_output r;
  r.parent[0] = 1;
  EXPECT_FALSE(check(diamond(), r).ok);
}

TEST(verify_bfs, rejects_wrong_depth) {
  bfs_output r;
  r.depth[4] = 4;  // parent 3 has depth 2
  const auto v = check(diamond(), r);
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.message, "vertex 4: depth 4 but parent 3 has depth 2");
}

TEST(verify_bfs, rejects_second_vertex_of_depth_zero) {
  bfs_output r;
  r.depth[1] = 0;
  r.parent[1] = 1;
  EXPECT_FALSE(check(diamond(), r).ok);
}

TEST(verify_bfs, rejects_reached_vertex_without_parent) {
  bfs_output r;
  r.parent[4] = X;
  const auto v = check(diamond(), r);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("no parent"), std::string::npos) << v.message;
}

TEST(verify_bfs, rejects_parent_out_of_range) {
  bfs_output r;
  r.parent[4] = 9;
  EXPECT_FALSE(check(diamond(), r).ok);
}

TEST(verify_bfs, rejects_unreached_vertex_with_parent) {
  bfs_output r;
  r.parent[6] = 5;
  const auto v = check(diamond(), r);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("vertex 6: unreached"), std::string::npos) << v.message;
}

TEST(verify_bfs, rejects_parent_that_is_not_a_neighbour) {
  bfs_output r;
  r.parent[4] = 1;
  r.depth[4] = 2;  // depths agree with parent 1, but 1 and 4 are not adjacent
  const auto v = check(diamond(), r);
  EXPECT_FALSE(v.ok);
}

TEST(verify_bfs, rejects_parent_not_a_neighbour_even_with_consistent_depths) {
  // 0-1-2 and 0-3: depths are right, parent 3 of 2 has depth 1 but no edge 3-2.
  const csr_graph g = tiny_graph(4, {{0, 1}, {1, 2}, {0, 3}}, false);
  const std::vector<vertex_t> depth{0, 1, 2, 1}, parent{0, 0, 3, 0};
  const auto v = verify::bfs(g, 0, depth, parent);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("not an in-neighbour"), std::string::npos) << v.message;
}

TEST(verify_bfs, rejects_arc_that_skips_a_level) {
  // Cycle 0-1-2-3-0: claiming depth 3 for 3 via the path 0-1-2-3 ignores the edge 0-3.
  const csr_graph g = tiny_graph(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, false);
  const std::vector<vertex_t> depth{0, 1, 2, 3}, parent{0, 0, 1, 2};
  const auto v = verify::bfs(g, 0, depth, parent);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("arc 0->3"), std::string::npos) << v.message;
}

TEST(verify_bfs, rejects_reached_vertex_marked_unreached) {
  bfs_output r;
  r.depth[4] = X;
  r.parent[4] = X;
  const auto v = check(diamond(), r);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("4 is unreached"), std::string::npos) << v.message;
}

TEST(verify_bfs, rejects_unreached_vertex_marked_reached) {
  bfs_output r;
  r.depth[6] = 1;
  r.parent[6] = 5;  // 5 is in the other component
  EXPECT_FALSE(check(diamond(), r).ok);
}

TEST(verify_bfs, directed_parent_must_be_an_in_neighbour) {
  // Arcs 0->1, 0->2, 1->3, 3->2: 2 is an out-neighbour of 3, not an in-neighbour.
  const csr_graph g = tiny_graph(4, {{0, 1}, {0, 2}, {1, 3}, {3, 2}}, true);
  const std::vector<vertex_t> depth{0, 1, 1, 2};
  EXPECT_TRUE(verify::bfs(g, 0, depth, std::vector<vertex_t>{0, 0, 0, 1}).ok);
  EXPECT_FALSE(verify::bfs(g, 0, depth, std::vector<vertex_t>{0, 0, 0, 2}).ok);
}

TEST(verify_bfs, directed_unreachable_against_arc_direction) {
  // 1->0 only: from 0 nothing is reached.
  const csr_graph g = tiny_graph(2, {{1, 0}}, true);
  EXPECT_TRUE(verify::bfs(g, 0, std::vector<vertex_t>{0, X}, std::vector<vertex_t>{0, X}).ok);
  EXPECT_FALSE(verify::bfs(g, 0, std::vector<vertex_t>{0, 1}, std::vector<vertex_t>{0, 0}).ok);
}

TEST(verify_bfs, names_vertices_by_the_input_ids) {
  // The diamond read from a file whose ids are 100, 200, ..., 700.
  const csr_graph g = test::tiny_graph_with_ids({100, 200, 300, 400, 500, 600, 700},
                                                {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {5, 6}}, false);
  const auto message = [&](const bfs_output& r) { return verify::bfs(g, 0, r.depth, r.parent).message; };
  bfs_output r;
  r.parent[0] = 1;
  EXPECT_EQ(message(r), "source 100: parent 200 instead of itself");
  r = {};
  r.parent[4] = 1;
  EXPECT_EQ(message(r), "vertex 500: depth 3 but parent 200 has depth 1");
  r = {};
  r.depth[4] = X;
  r.parent[4] = X;
  EXPECT_EQ(message(r), "arc 400->500: 400 has depth 2 but 500 is unreached");
  r = {};
  r.depth = {0, 1, 1, 2, 3, 1, 2};
  r.parent = {0, 0, 0, 1, 3, 0, 5};
  EXPECT_EQ(message(r), "vertex 600: parent 100 is not an in-neighbour (no arc 100->600)");
  r = {};
  r.parent[4] = 9;  // no vertex: named as it is
  EXPECT_EQ(message(r), "vertex 500: parent 9 is not a vertex");
}

TEST(reference_bfs, hand_computed_depths) {
  const auto d = verify::reference_bfs_depths(diamond(), 4);
  EXPECT_EQ(std::vector<vertex_t>(d.begin(), d.end()), (std::vector<vertex_t>{3, 2, 2, 1, 0, X, X}));
}

TEST(reference_bfs, rejects_bad_source) {
  EXPECT_THROW(verify::reference_bfs_depths(diamond(), 7), error);
}

}  // namespace
}  // namespace plexus
