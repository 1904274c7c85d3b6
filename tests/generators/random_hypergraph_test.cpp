// Tests of the random hypergraph generator: size distribution (bounds, exact power-law
// ratios, the approximate path for huge ranges), pin range, skew, determinism.
#include "plexus/generators/random_hypergraph.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <map>
#include <vector>

#include "plexus/core/error.hpp"

namespace plexus::generators {
namespace {

template <class T>
std::vector<typename T::value_type> vec(const T& v) {
  return {v.begin(), v.end()};
}

std::map<edge_t, double> size_histogram(const incidence_list& h) {
  std::map<edge_t, double> sizes;
  for (hyperedge_t i = 0; i < h.num_hyperedges(); ++i) sizes[h.edge_offsets[i + 1] - h.edge_offsets[i]] += 1;
  return sizes;
}

TEST(RandomHypergraph, SizesFollowThePowerLaw) {
  random_hypergraph_options o;
  o.num_vertices = 5000;
  o.num_hyperedges = 200000;
  o.min_edge_size = 2;
  o.max_edge_size = 50;
  o.size_exponent = 2.0;
  const incidence_list h = random_hypergraph(o);
  ASSERT_EQ(h.num_hyperedges(), 200000u);
  EXPECT_EQ(h.num_vertices, 5000u);
  EXPECT_EQ(h.edge_offsets.front(), 0u);
  EXPECT_EQ(h.edge_offsets.back(), h.pins.size());
  const auto sizes = size_histogram(h);
  EXPECT_GE(sizes.begin()->first, 2u);
  EXPECT_LE(sizes.rbegin()->first, 50u);
  // P(k) / P(k') = (k' / k)^2: the exact discrete law, within sampling noise.
  EXPECT_NEAR(sizes.at(2) / sizes.at(3), 2.25, 0.1);
  EXPECT_NEAR(sizes.at(2) / sizes.at(4), 4.0, 0.25);
  // P(2) = 2^-2 / sum_{k=2..50} k^-2.
  double z = 0;
  for (int k = 2; k <= 50; ++k) z += std::pow(k, -2.0);
  EXPECT_NEAR(sizes.at(2) / 200000.0, 0.25 / z, 0.005);
  for (vertex_t p : h.pins) ASSERT_LT(p, 5000u);
}

TEST(RandomHypergraph, HugeSizeRangeUsesTheApproximation) {
  random_hypergraph_options o;
  o.num_vertices = 1000;
  o.num_hyperedges = 50000;
  o.min_edge_size = 3;
  o.max_edge_size = 1000000;
  o.size_exponent = 2.5;
  const incidence_list h = random_hypergraph(o);
  const auto sizes = size_histogram(h);
  EXPECT_GE(sizes.begin()->first, 3u);
  EXPECT_LE(sizes.rbegin()->first, 1000000u);
  EXPECT_EQ(sizes.begin()->first, 3u);
  // The rounding approximation keeps the ratio P(3)/P(4) near (4/3)^2.5 = 2.05.
  EXPECT_NEAR(sizes.at(3) / sizes.at(4), std::pow(4.0 / 3.0, 2.5), 0.25);
}

// The pins a generation will draw are known before it draws them (what sizes its memory check),
// for tabulated and approximated size ranges alike.
TEST(RandomHypergraph, ExpectedPinsMatchTheDrawnPins) {
  random_hypergraph_options narrow;
  narrow.num_vertices = 100000;
  narrow.num_hyperedges = 40000;
  narrow.min_edge_size = 2;
  narrow.max_edge_size = 50;
  narrow.size_exponent = 1.5;
  random_hypergraph_options wide = narrow;
  wide.max_edge_size = 1000000;
  wide.size_exponent = 2.5;
  for (const random_hypergraph_options& o : {narrow, wide}) {
    const double expected = expected_pins(o);
    const double drawn = static_cast<double>(random_hypergraph(o).pins.size());
    EXPECT_NEAR(drawn, expected, 0.05 * expected) << "sizes up to " << o.max_edge_size;
  }
  random_hypergraph_options fixed = narrow;
  fixed.min_edge_size = fixed.max_edge_size = 7;
  EXPECT_DOUBLE_EQ(expected_pins(fixed), 7.0 * 40000);
}

TEST(RandomHypergraph, FixedSize) {
  random_hypergraph_options o;
  o.num_vertices = 10;
  o.num_hyperedges = 100;
  o.min_edge_size = o.max_edge_size = 4;
  const incidence_list h = random_hypergraph(o);
  EXPECT_EQ(h.pins.size(), 400u);
}

TEST(RandomHypergraph, VertexSkewFavoursSmallIds) {
  random_hypergraph_options o;
  o.num_vertices = 1000;
  o.num_hyperedges = 20000;
  o.max_edge_size = 10;
  o.vertex_skew = 1.0;
  const incidence_list h = random_hypergraph(o);
  std::vector<double> hits(1000, 0);
  for (vertex_t p : h.pins) {
    ASSERT_LT(p, 1000u);
    hits[p] += 1;
  }
  // Popularity ~ 1/(v+1) under the continuous law: vertex 0 gets log2 / log 1001 of the pins.
  EXPECT_NEAR(hits[0] / h.pins.size(), std::log(2.0) / std::log(1001.0), 0.01);
  EXPECT_GT(hits[0], 20 * hits[500]);
  o.vertex_skew = 0;
  const incidence_list flat = random_hypergraph(o);
  std::vector<double> flat_hits(1000, 0);
  for (vertex_t p : flat.pins) flat_hits[p] += 1;
  EXPECT_LT(flat_hits[0], 3 * flat.pins.size() / 1000.0);
}

TEST(RandomHypergraph, IdenticalWhateverTheThreadCount) {
  random_hypergraph_options o;
  o.num_vertices = 3000;
  o.num_hyperedges = 20000;
  o.vertex_skew = 0.7;
  o.seed = 11;
  const int saved = omp_get_max_threads();
  omp_set_num_threads(1);
  const incidence_list one = random_hypergraph(o);
  omp_set_num_threads(4);
  const incidence_list four = random_hypergraph(o);
  omp_set_num_threads(saved);
  EXPECT_EQ(vec(one.edge_offsets), vec(four.edge_offsets));
  EXPECT_EQ(vec(one.pins), vec(four.pins));
}

TEST(RandomHypergraph, RejectsBadOptions) {
  random_hypergraph_options o;
  o.min_edge_size = 0;
  EXPECT_THROW(random_hypergraph(o), error);
  o.min_edge_size = 5;
  o.max_edge_size = 4;
  EXPECT_THROW(random_hypergraph(o), error);
  o.max_edge_size = 8;
  o.vertex_skew = -1;
  EXPECT_THROW(random_hypergraph(o), error);
  o.vertex_skew = 0;
  o.num_vertices = 0;
  EXPECT_THROW(random_hypergraph(o), error);
}

// The benchmarks' hyper:PINS_MILLIONS: pins / 16 vertices, sizes 2..10000 with exponent 1.6,
// and as many hyperedges as make the expected pin count the one asked for.
TEST(RandomHypergraph, SkewedOptionsGiveTheAskedPins) {
  const random_hypergraph_options o = skewed_hypergraph_options(2e6);
  EXPECT_EQ(o.num_vertices, 125000u);
  EXPECT_EQ(o.min_edge_size, 2u);
  EXPECT_EQ(o.max_edge_size, 10000u);
  EXPECT_DOUBLE_EQ(o.size_exponent, 1.6);
  const incidence_list h = random_hypergraph(o);
  // Drawn pins (before a vertex drawn twice for one hyperedge is merged) near the expectation.
  // Sizes up to 10000 with exponent 1.6 have a standard deviation of about 500, so the sum over
  // the ~26,500 hyperedges deviates by about 4% per standard deviation: 15% is over three.
  EXPECT_NEAR(static_cast<double>(h.pins.size()), 2e6, 0.15 * 2e6);
  EXPECT_GT(h.num_hyperedges(), 20000u);
  EXPECT_LT(h.num_hyperedges(), 35000u);
}

TEST(RandomHypergraph, SkewedOptionsCapSizesAtTheVertexCount) {
  const random_hypergraph_options o = skewed_hypergraph_options(1600);
  EXPECT_EQ(o.num_vertices, 100u);
  EXPECT_EQ(o.max_edge_size, 100u);
  EXPECT_GE(o.num_hyperedges, 1u);
  const incidence_list h = random_hypergraph(o);
  for (hyperedge_t i = 0; i < h.num_hyperedges(); ++i) EXPECT_LE(h.edge_offsets[i + 1] - h.edge_offsets[i], 100u);
}

}  // namespace
}  // namespace plexus::generators
