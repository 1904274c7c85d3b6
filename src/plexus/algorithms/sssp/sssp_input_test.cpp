// What SSSP refuses, on every back end, and how it says so: a negative (or NaN) weight, named
// as an edge in the input's ids with its weight; a delta so far below the weights that the
// windows would multiply without bound, refused with the smallest delta it takes. Also what it
// takes that once stalled it (windows narrower than the float spacing of large distances), and
// that a kept self-loop changes no distance.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/sssp/sssp_outofcore.hpp"
#include "plexus/algorithms/sssp/sssp_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus {
namespace {

using test::make_graph;

class sssp_input_test : public test::backend_test {};

TEST_P(sssp_input_test, negative_weight_is_refused_naming_the_edge_in_input_ids_and_its_weight) {
  // Vertices 0, 1, 2 stand for the input's 7, 31 and 40: 7 -> 31 (1), 31 -> 40 (-1).
  edge_list edges;
  edges.num_vertices = 3;
  edges.directed = true;
  edges.src = {0, 1};
  edges.dst = {1, 2};
  edges.weights = {1, -1};
  edges.original_ids = {7, 31, 40};
  build_options b;
  b.build_in_edges = true;
  const csr_graph negative = build_graph(std::move(edges), b);
  try {
    sssp(device_graph(negative, where()), 0);
    FAIL() << "a negative weight was accepted";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::unsupported);
    EXPECT_EQ(std::string(e.what()), "SSSP needs non-negative weights, but edge 31 -> 40 has weight -1");
  }
  // Undirected, the edge is named smaller id first.
  const csr_graph undirected = make_graph(3, {{2, 1, 1}, {1, 0, -2.5f}}, false, true);
  try {
    sssp(device_graph(undirected, where()), 0);
    FAIL() << "a negative weight was accepted";
  } catch (const error& e) {
    EXPECT_EQ(std::string(e.what()), "SSSP needs non-negative weights, but edge 0 -- 1 has weight -2.5");
  }
}

TEST_P(sssp_input_test, nan_weight_is_refused_though_readers_never_produce_one) {
  // The builder refuses NaN weights itself, so this graph is assembled by hand: 0->1 (1), 1->2 (NaN).
  csr_arrays arrays;
  arrays.offsets = {0, 1, 2, 2};
  arrays.indices = {1, 2};
  arrays.weights = {1, std::numeric_limits<weight_t>::quiet_NaN()};
  csr_arrays reverse = transpose(arrays);
  const csr_graph nan(std::move(arrays), true, std::move(reverse));
  try {
    sssp(device_graph(nan, where()), 0);
    FAIL() << "a NaN weight was accepted";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::unsupported) << e.what();
    EXPECT_EQ(std::string(e.what()), "SSSP needs non-negative weights, but edge 1 -> 2 has weight nan");
  }
}

// An undirected Kronecker graph with integer weights in [1, 255].
csr_graph weighted_kronecker() {
  generators::kronecker_options k;
  k.scale = 10;
  k.edge_factor = 8;
  k.weighted = true;
  return build_graph(generators::kronecker(k));
}

TEST_P(sssp_input_test, delta_implying_too_many_windows_is_refused_naming_the_smallest_accepted) {
  const csr_graph g = weighted_kronecker();
  const device_graph dev(g, where());
  ASSERT_EQ(dev.weights().max, 255);
  // The smallest positive weight is 1, so the floor is the largest weight over 2^20 windows.
  const weight_t floor = smallest_sssp_delta(dev);
  EXPECT_EQ(floor, 255.0f / (1 << 20));
  sssp_options options;
  options.delta = 1e-4f;
  try {
    sssp(dev, 0, options);
    FAIL() << "delta 1e-4 was accepted";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::invalid_argument);
    EXPECT_NE(std::string(e.what()).find(fmt::format("the smallest delta accepted for this graph is {}", floor)),
              std::string::npos)
        << e.what();
  }
  options.delta = std::nextafter(floor, 0.0f);
  EXPECT_THROW(sssp(dev, 0, options), error);
  // The floor itself is taken, and gives true distances.
  options.delta = floor;
  const sssp_result r = sssp(dev, 0, options);
  const auto v = verify::sssp(g, 0, r.distance, r.parent);
  EXPECT_TRUE(v.ok) << v.message;
  // Any delta at or above the smallest positive weight is taken, however wide the range.
  const csr_graph wide = make_graph(3, {{0, 1, 1}, {1, 2, 1e9f}}, false, true);
  options.delta = 1;
  EXPECT_NO_THROW(sssp(device_graph(wide, where()), 0, options));
}

TEST_P(sssp_input_test, split_moves_past_distances_too_large_for_delta_to_change) {
  // Beyond 2^25 floats are 4 apart, so 4e7 + 1 rounds back to 4e7: the windows after the
  // heavy edge must still move on for vertices 2, 3 and 4 to be reached.
  const csr_graph g = make_graph(5, {{0, 1, 1}, {1, 2, 4e7f}, {2, 3, 1}, {3, 4, 1}}, false, true);
  sssp_options options;
  options.delta = 1;
  const sssp_result r = sssp(device_graph(g, where()), 0, options);
  EXPECT_EQ(r.distance[2], 4e7f);
  EXPECT_FALSE(std::isinf(r.distance[4]));
  const auto v = verify::sssp(g, 0, r.distance, r.parent);
  EXPECT_TRUE(v.ok) << v.message;
}

TEST_P(sssp_input_test, kept_self_loops_change_no_distance) {
  const csr_graph g =
      make_graph(4, {{0, 0, 0}, {0, 1, 2}, {1, 1, 0.5f}, {1, 2, 3}, {2, 3, 1}, {3, 3, 7}}, true, true, true);
  ASSERT_EQ(g.num_edges(), 6u);
  const sssp_result r = sssp(device_graph(g, where()), 0);
  EXPECT_EQ(std::vector<weight_t>(r.distance.begin(), r.distance.end()), (std::vector<weight_t>{0, 2, 5, 6}));
  EXPECT_EQ(std::vector<vertex_t>(r.parent.begin(), r.parent.end()), (std::vector<vertex_t>{0, 0, 1, 2}));
  const auto v = verify::sssp(g, 0, r.distance, r.parent);
  EXPECT_TRUE(v.ok) << v.message;
}

// Distances are 32-bit floats: a path whose sum passes their range would come out infinite, a
// reachable vertex reported unreached. Such weights are refused up front with the bound.
TEST_P(sssp_input_test, weights_whose_path_sums_could_overflow_a_float_are_refused) {
  const csr_graph huge = make_graph(4, {{0, 1, 3e38f}, {1, 2, 3e38f}, {2, 3, 1}}, false, true);
  try {
    sssp(device_graph(huge, where()), 0);
    FAIL() << "path sums past the float range were accepted";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::unsupported);
    EXPECT_NE(std::string(e.what()).find("could reach 9e+38 (4 vertices, largest weight 3e+38"),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("scale the weights down"), std::string::npos) << e.what();
  }
  outofcore::engine_report report;
  EXPECT_THROW(sssp_out_of_core(huge, 0, where(), outofcore::engine_options{}, report), error);
  // Large weights whose sums stay below half the range run, and reach every vertex.
  const csr_graph large = make_graph(4, {{0, 1, 5e37f}, {1, 2, 5e37f}, {2, 3, 1}}, false, true);
  const sssp_result r = sssp(device_graph(large, where()), 0);
  EXPECT_FALSE(std::isinf(r.distance[3]));
  const auto v = verify::sssp(large, 0, r.distance, r.parent);
  EXPECT_TRUE(v.ok) << v.message;
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(sssp_input_test);

}  // namespace
}  // namespace plexus
