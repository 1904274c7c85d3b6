// The SSSP verifier accepts correct shortest-path trees (float rounding included) and
// rejects each kind of broken result, one test per invariant listed in sssp_verify.hpp.
#include "plexus/algorithms/sssp/sssp_verify.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "plexus/core/error.hpp"
#include "tiny_graph.hpp"

namespace plexus {
namespace {

using test::tiny_graph;
constexpr vertex_t X = invalid_vertex;
constexpr weight_t inf = std::numeric_limits<weight_t>::infinity();

// Directed, weighted: 0->1 (4), 0->2 (1), 2->1 (2), 1->3 (1), 2->3 (5), 3->4 (3), 4->0 (7);
// 5 is isolated. Shortest distances from 0: 0, 3, 1, 4, 7, inf.
csr_graph roads() {
  return tiny_graph(6, {{0, 1, 4}, {0, 2, 1}, {2, 1, 2}, {1, 3, 1}, {2, 3, 5}, {3, 4, 3}, {4, 0, 7}}, true, true);
}

struct sssp_output {
  std::vector<weight_t> distance{0, 3, 1, 4, 7, inf};
  std::vector<vertex_t> parent{0, 2, 0, 1, 3, X};
};

verify::verdict check(const csr_graph& g, const sssp_output& r, vertex_t source = 0) {
  return verify::sssp(g, source, r.distance, r.parent);
}

TEST(verify_sssp, accepts_correct_tree) {
  const auto v = check(roads(), {});
  EXPECT_TRUE(v.ok) << v.message;
}

TEST(verify_sssp, accepts_alternative_parent_on_tied_paths) {
  // Square 0-1-3, 0-2-3 with equal weights: 3 may hang off 1 or 2.
  const csr_graph g = tiny_graph(4, {{0, 1, 2}, {0, 2, 1}, {1, 3, 1}, {2, 3, 2}}, false, true);
  const std::vector<weight_t> d{0, 2, 1, 3};
  EXPECT_TRUE(verify::sssp(g, 0, d, std::vector<vertex_t>{0, 0, 0, 1}).ok);
  EXPECT_TRUE(verify::sssp(g, 0, d, std::vector<vertex_t>{0, 0, 0, 2}).ok);
}

TEST(verify_sssp, accepts_float_rounding_within_tolerance) {
  sssp_output r;
  r.distance[4] = std::nextafter(7.0f, 8.0f);
  EXPECT_TRUE(check(roads(), r).ok);
}

TEST(verify_sssp, unweighted_graph_counts_hops) {
  const csr_graph g = tiny_graph(3, {{0, 1}, {1, 2}}, false);
  EXPECT_TRUE(verify::sssp(g, 0, std::vector<weight_t>{0, 1, 2}, std::vector<vertex_t>{0, 0, 1}).ok);
  EXPECT_FALSE(verify::sssp(g, 0, std::vector<weight_t>{0, 1, 3}, std::vector<vertex_t>{0, 0, 1}).ok);
}

TEST(verify_sssp, rejects_wrong_lengths_and_bad_source) {
  sssp_output r;
  r.distance.pop_back();
  EXPECT_FALSE(check(roads(), r).ok);
  EXPECT_FALSE(check(roads(), {}, 6).ok);
}

TEST(verify_sssp, rejects_source_distance_not_zero) {
  sssp_output r;
  r.distance[0] = 1;
  EXPECT_FALSE(check(roads(), r).ok);
}

TEST(verify_sssp, rejects_source_not_its_own_parent) {
  sssp_output r;
  r.parent[0] = X;
  EXPECT_FALSE(check(roads(), r).ok);
}

TEST(verify_sssp, rejects_nan_and_negative_distances) {
  sssp_output r;
  r.distance[3] = std::numeric_limits<weight_t>::quiet_NaN();
  auto v = check(roads(), r);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("NaN"), std::string::npos) << v.message;
  r = {};
  r.distance[3] = -4;
  v = check(roads(), r);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("negative"), std::string::npos) << v.message;
}

TEST(verify_sssp, rejects_unreached_vertex_with_parent) {
  sssp_output r;
  r.parent[5] = 0;
  EXPECT_FALSE(check(roads(), r).ok);
}

TEST(verify_sssp, rejects_reached_vertex_without_parent) {
  sssp_output r;
  r.parent[4] = X;
  EXPECT_FALSE(check(roads(), r).ok);
}

TEST(verify_sssp, rejects_distance_violating_an_arc) {
  // 1 claimed at 4 via the direct arc 0->1, but 0->2->1 has length 3.
  sssp_output r;
  r.distance = {0, 4, 1, 5, 8, inf};
  r.parent = {0, 0, 0, 1, 3, X};
  const auto v = check(roads(), r);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("arc 2->1"), std::string::npos) << v.message;
}

TEST(verify_sssp, rejects_distance_beyond_tolerance) {
  sssp_output r;
  r.distance[4] = 7.01f;
  EXPECT_FALSE(check(roads(), r).ok);
}

TEST(verify_sssp, rejects_parent_whose_arc_is_not_tight) {
  // 3 keeps distance 4 but names parent 2: arc 2->3 has weight 5, not 3.
  sssp_output r;
  r.parent[3] = 2;
  const auto v = check(roads(), r);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("vertex 3: parent 2"), std::string::npos) << v.message;
}

TEST(verify_sssp, rejects_parent_that_is_not_an_in_neighbour) {
  sssp_output r;
  r.parent[4] = 0;  // no arc 0->4
  EXPECT_FALSE(check(roads(), r).ok);
}

TEST(verify_sssp, rejects_distance_too_small) {
  sssp_output r;
  r.distance[4] = 6;  // no path is that short
  EXPECT_FALSE(check(roads(), r).ok);
}

TEST(verify_sssp, rejects_reached_vertex_marked_unreached) {
  sssp_output r;
  r.distance[4] = inf;
  r.parent[4] = X;
  const auto v = check(roads(), r);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("arc 3->4"), std::string::npos) << v.message;
}

TEST(verify_sssp, rejects_unreached_vertex_marked_reached) {
  // 0 cannot reach 1 against the arc 1->0, whatever 1's claimed distance.
  const csr_graph g = tiny_graph(2, {{1, 0, 2}}, true, true);
  EXPECT_TRUE(verify::sssp(g, 0, std::vector<weight_t>{0, inf}, std::vector<vertex_t>{0, X}).ok);
  EXPECT_FALSE(verify::sssp(g, 0, std::vector<weight_t>{0, 2}, std::vector<vertex_t>{0, 0}).ok);
}

TEST(verify_sssp, negative_weight_is_an_error) {
  const csr_graph g = tiny_graph(2, {{0, 1, -1}}, true, true);
  EXPECT_THROW(verify::sssp(g, 0, std::vector<weight_t>{0, -1}, std::vector<vertex_t>{0, 0}), error);
  EXPECT_THROW(verify::reference_sssp_distances(g, 0), error);
}

TEST(verify_sssp, names_vertices_by_the_input_ids) {
  // The roads read from a file whose ids are 10, 20, ..., 60.
  const csr_graph g = test::tiny_graph_with_ids(
      {10, 20, 30, 40, 50, 60}, {{0, 1, 4}, {0, 2, 1}, {2, 1, 2}, {1, 3, 1}, {2, 3, 5}, {3, 4, 3}, {4, 0, 7}},
      true, true);
  const auto message = [&](const sssp_output& r) { return verify::sssp(g, 0, r.distance, r.parent).message; };
  sssp_output r;
  r.parent[0] = 2;
  EXPECT_EQ(message(r), "source 10: parent 30 instead of itself");
  r = {};
  r.parent[5] = 0;
  EXPECT_EQ(message(r), "vertex 60: unreached but has parent 10");
  r = {};
  r.distance[4] = 8;
  EXPECT_EQ(message(r), "arc 40->50 (weight 3): distance 8 exceeds distance of 40 plus weight (7)");
  r = {};
  r.parent[1] = 0;
  EXPECT_EQ(message(r), "vertex 20: parent 10 is not a tight in-neighbour (no arc 10->20 of weight 3)");
  const csr_graph negative = test::tiny_graph_with_ids({7, 9}, {{0, 1, -1}}, true, true);
  try {
    verify::reference_sssp_distances(negative, 0);
    FAIL() << "a negative weight was accepted";
  } catch (const error& e) {
    EXPECT_EQ(std::string(e.what()), "arc 7->9 has weight -1: shortest paths need non-negative weights");
  }
}

TEST(reference_sssp, hand_computed_distances) {
  const auto d = verify::reference_sssp_distances(roads(), 0);
  const std::vector<double> expected{0, 3, 1, 4, 7};
  for (vertex_t v = 0; v < 5; ++v) EXPECT_EQ(d[v], expected[v]) << "vertex " << v;
  EXPECT_TRUE(std::isinf(d[5]));
  const auto from4 = verify::reference_sssp_distances(roads(), 4);
  EXPECT_EQ(from4[0], 7);
  EXPECT_EQ(from4[3], 11);
}

TEST(reference_sssp, rejects_bad_source) {
  EXPECT_THROW(verify::reference_sssp_distances(roads(), 6), error);
}

}  // namespace
}  // namespace plexus
