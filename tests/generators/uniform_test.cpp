// Tests of the G(n, m) generator: sizes, id range, determinism, and uniformity of endpoints.
#include "plexus/generators/uniform.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <vector>

#include "plexus/core/error.hpp"

namespace plexus::generators {
namespace {

template <class T>
std::vector<typename T::value_type> vec(const T& v) {
  return {v.begin(), v.end()};
}

TEST(Uniform, SizesRangeAndUniformity) {
  uniform_options o;
  o.num_vertices = 100;
  o.num_edges = 200000;
  const edge_list e = uniform(o);
  EXPECT_EQ(e.num_vertices, 100u);
  ASSERT_EQ(e.size(), 200000u);
  EXPECT_FALSE(e.directed);
  std::vector<double> hits(100, 0);
  for (edge_t i = 0; i < e.size(); ++i) {
    ASSERT_LT(e.src[i], 100u);
    ASSERT_LT(e.dst[i], 100u);
    hits[e.src[i]] += 1;
    hits[e.dst[i]] += 1;
  }
  // 4000 expected hits per vertex, standard deviation about 63: 8 sigma bounds.
  for (double h : hits) EXPECT_NEAR(h, 4000, 500);
}

TEST(Uniform, IdenticalWhateverTheThreadCount) {
  uniform_options o;
  o.num_vertices = 1000;
  o.num_edges = 100000;
  o.weighted = true;
  o.seed = 5;
  const int saved = omp_get_max_threads();
  omp_set_num_threads(1);
  const edge_list one = uniform(o);
  omp_set_num_threads(2);
  const edge_list two = uniform(o);
  omp_set_num_threads(saved);
  EXPECT_EQ(vec(one.src), vec(two.src));
  EXPECT_EQ(vec(one.dst), vec(two.dst));
  EXPECT_EQ(vec(one.weights), vec(two.weights));
}

TEST(Uniform, WeightsInRange) {
  uniform_options o;
  o.weighted = true;
  o.min_weight = 1;
  o.max_weight = 2;
  o.num_edges = 10000;
  o.directed = true;
  const edge_list e = uniform(o);
  EXPECT_TRUE(e.directed);
  edge_t ones = 0;
  for (weight_t w : e.weights) {
    ASSERT_TRUE(w == 1 || w == 2) << w;
    ones += w == 1;
  }
  EXPECT_NEAR(static_cast<double>(ones), 5000, 400);
}

TEST(Uniform, EdgeCases) {
  uniform_options o;
  o.num_vertices = 0;
  o.num_edges = 0;
  EXPECT_EQ(uniform(o).size(), 0u);
  o.num_edges = 1;
  EXPECT_THROW(uniform(o), error);
}

}  // namespace
}  // namespace plexus::generators
