// Tests of the Kronecker / R-MAT generator: sizes, id range, determinism across thread
// counts, quadrant frequencies, the id scrambling being a bijection, weights, degree skew.
#include "plexus/generators/kronecker.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <map>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/graph/degree_stats.hpp"

namespace plexus::generators {
namespace {

template <class T>
std::vector<typename T::value_type> vec(const T& v) {
  return {v.begin(), v.end()};
}

TEST(Kronecker, SizesAndIdRange) {
  kronecker_options o;
  o.scale = 10;
  o.edge_factor = 16;
  const edge_list e = kronecker(o);
  EXPECT_EQ(e.num_vertices, 1024u);
  EXPECT_EQ(e.size(), 16u * 1024u);
  EXPECT_EQ(e.dst.size(), e.size());
  EXPECT_TRUE(e.weights.empty());
  EXPECT_FALSE(e.directed);
  for (edge_t i = 0; i < e.size(); ++i) {
    ASSERT_LT(e.src[i], 1024u);
    ASSERT_LT(e.dst[i], 1024u);
  }
  o.directed = true;
  EXPECT_TRUE(kronecker(o).directed);
}

TEST(Kronecker, IdenticalWhateverTheThreadCount) {
  kronecker_options o;
  o.scale = 14;
  o.weighted = true;
  o.seed = 99;
  const int saved = omp_get_max_threads();
  omp_set_num_threads(1);
  const edge_list one = kronecker(o);
  omp_set_num_threads(4);
  const edge_list four = kronecker(o);
  omp_set_num_threads(saved);
  EXPECT_EQ(vec(one.src), vec(four.src));
  EXPECT_EQ(vec(one.dst), vec(four.dst));
  EXPECT_EQ(vec(one.weights), vec(four.weights));
}

TEST(Kronecker, ArcsDrawnInPartsAreTheArcsDrawnAtOnce) {
  kronecker_options o;
  o.scale = 9;
  o.weighted = true;
  const edge_list whole = kronecker(o);
  ASSERT_EQ(kronecker_arcs(o), whole.size());
  std::vector<vertex_t> src, dst;
  std::vector<weight_t> weights;
  const std::vector<edge_t> cuts{0, 5, 3000, 8191, whole.size()};
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const edge_list part = kronecker(o, cuts[i], cuts[i + 1]);
    EXPECT_EQ(part.num_vertices, whole.num_vertices);
    src.insert(src.end(), part.src.begin(), part.src.end());
    dst.insert(dst.end(), part.dst.begin(), part.dst.end());
    weights.insert(weights.end(), part.weights.begin(), part.weights.end());
  }
  EXPECT_EQ(src, vec(whole.src));
  EXPECT_EQ(dst, vec(whole.dst));
  EXPECT_EQ(weights, vec(whole.weights));
  EXPECT_THROW(kronecker(o, 10, 5), error);
  EXPECT_THROW(kronecker(o, 0, whole.size() + 1), error);
}

TEST(Kronecker, SeedsGiveDifferentGraphs) {
  kronecker_options o;
  o.scale = 8;
  const edge_list a = kronecker(o);
  o.seed = 2;
  const edge_list b = kronecker(o);
  EXPECT_NE(vec(a.src), vec(b.src));
}

TEST(Kronecker, QuadrantFrequenciesMatchParameters) {
  // At scale 1 each arc is one quadrant choice: (0,0) with a, (0,1) b, (1,0) c, (1,1) d.
  kronecker_options o;
  o.scale = 1;
  o.edge_factor = 100000;
  o.scramble_ids = false;
  const edge_list e = kronecker(o);
  double count[2][2] = {{0, 0}, {0, 0}};
  for (edge_t i = 0; i < e.size(); ++i) count[e.src[i]][e.dst[i]] += 1;
  const double m = static_cast<double>(e.size());
  EXPECT_NEAR(count[0][0] / m, 0.57, 0.005);
  EXPECT_NEAR(count[0][1] / m, 0.19, 0.005);
  EXPECT_NEAR(count[1][0] / m, 0.19, 0.005);
  EXPECT_NEAR(count[1][1] / m, 0.05, 0.005);
}

TEST(Kronecker, EveryLevelFollowsParameters) {
  // Scale 9 takes three draws per arc (4 + 4 + 1 levels). Bit k of the unscrambled ids is the
  // quadrant chosen at one level: each level must pick d = (1, 1) with probability 0.05, the
  // lower half (c or d) with 0.24 and the right half (b or d) with 0.24.
  kronecker_options o;
  o.scale = 9;
  o.edge_factor = 400;
  o.scramble_ids = false;
  o.seed = 12;
  const edge_list e = kronecker(o);
  const double m = static_cast<double>(e.size());
  for (int bit = 0; bit < o.scale; ++bit) {
    double row = 0, col = 0, both = 0;
    for (edge_t i = 0; i < e.size(); ++i) {
      const bool r = (e.src[i] >> bit) & 1, c = (e.dst[i] >> bit) & 1;
      row += r;
      col += c;
      both += r && c;
    }
    EXPECT_NEAR(row / m, 0.24, 0.005) << bit;
    EXPECT_NEAR(col / m, 0.24, 0.005) << bit;
    EXPECT_NEAR(both / m, 0.05, 0.003) << bit;
  }
}

TEST(Kronecker, ScramblingIsABijectionOfIds) {
  // Same seed with and without scrambling: arc i maps through one fixed permutation.
  kronecker_options o;
  o.scale = 11;
  o.edge_factor = 4;
  o.scramble_ids = false;
  const edge_list plain = kronecker(o);
  o.scramble_ids = true;
  const edge_list scrambled = kronecker(o);
  std::map<vertex_t, vertex_t> forward, backward;
  auto check = [&](vertex_t from, vertex_t to) {
    auto [f, f_new] = forward.emplace(from, to);
    auto [b, b_new] = backward.emplace(to, from);
    return f->second == to && b->second == from;
  };
  for (edge_t i = 0; i < plain.size(); ++i) {
    ASSERT_TRUE(check(plain.src[i], scrambled.src[i])) << i;
    ASSERT_TRUE(check(plain.dst[i], scrambled.dst[i])) << i;
  }
  // Scrambling moves the hubs away from id 0 (R-MAT puts the heaviest vertex there).
  EXPECT_NE(forward.at(0), 0u);
}

TEST(Kronecker, WeightsAreIntegersInRange) {
  kronecker_options o;
  o.scale = 10;
  o.weighted = true;
  o.min_weight = 3;
  o.max_weight = 7;
  const edge_list e = kronecker(o);
  ASSERT_EQ(e.weights.size(), e.size());
  std::map<weight_t, edge_t> seen;
  for (weight_t w : e.weights) ++seen[w];
  ASSERT_EQ(seen.size(), 5u);
  EXPECT_EQ(seen.begin()->first, 3.0f);
  EXPECT_EQ(seen.rbegin()->first, 7.0f);
  for (const auto& [w, count] : seen) EXPECT_NEAR(count, e.size() / 5.0, e.size() * 0.02) << w;
}

TEST(Kronecker, DegreesAreSkewed) {
  kronecker_options o;
  o.scale = 16;
  const csr_graph g = build_graph(kronecker(o));
  const degree_stats s = compute_degree_stats(g.out());
  EXPECT_GT(static_cast<double>(s.max), 50 * s.mean);
  EXPECT_GT(s.isolated, 0u);  // R-MAT at this edge factor leaves many vertices untouched
}

TEST(Kronecker, RejectsBadOptions) {
  kronecker_options o;
  o.scale = 32;
  EXPECT_THROW(kronecker(o), error);
  o.scale = 4;
  o.edge_factor = -1;
  EXPECT_THROW(kronecker(o), error);
  o.edge_factor = 4;
  o.a = 0.9;
  EXPECT_THROW(kronecker(o), error);
  o.a = 0.57;
  o.weighted = true;
  o.min_weight = 5.5f;
  o.max_weight = 5.7f;
  EXPECT_THROW(kronecker(o), error);
}

}  // namespace
}  // namespace plexus::generators
