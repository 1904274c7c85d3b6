// Degree distributions, hypergraph statistics and duplicate detection on hand-made
// hypergraphs with known answers and on random ones against std::set / std::map references.
#include "plexus/hypergraph/hypergraph_stats.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <map>
#include <set>
#include <vector>

#include "hyper_test_support.hpp"
#include "plexus/hypergraph/degree_distribution.hpp"

namespace plexus {
namespace {

using test::edge_lists;
using test::make_hypergraph;

TEST(DegreeDistribution, TinyHistograms) {
  // {0,1,2}, {1,2}, {}, {2}; vertex 3 isolated. Degrees 1,2,3,0; sizes 3,2,0,1.
  const hypergraph h = make_hypergraph(4, {{0, 1, 2}, {1, 2}, {}, {2}});
  EXPECT_EQ(vertex_degree_histogram(h), (histogram{{0, 1}, {1, 1}, {2, 1}, {3, 1}}));
  EXPECT_EQ(edge_size_histogram(h), (histogram{{0, 1}, {1, 1}, {2, 1}, {3, 1}}));
  const hypergraph skewed = make_hypergraph(5, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}});
  EXPECT_EQ(vertex_degree_histogram(skewed), (histogram{{1, 2}, {2, 2}, {4, 1}}));  // degrees 4,2,2,1,1
  EXPECT_EQ(edge_size_histogram(skewed), (histogram{{2, 5}}));
  EXPECT_TRUE(vertex_degree_histogram(hypergraph{}).empty());
}

TEST(DegreeDistribution, WideRangeTakesSerialPath) {
  // One hyperedge of 20000 pins: more bins than the parallel count array allows.
  std::vector<vertex_t> big(20000);
  for (vertex_t v = 0; v < 20000; ++v) big[v] = v;
  const hypergraph h = make_hypergraph(20000, {big, {0, 1}});
  EXPECT_EQ(edge_size_histogram(h), (histogram{{2, 1}, {20000, 1}}));
  EXPECT_EQ(vertex_degree_histogram(h), (histogram{{1, 19998}, {2, 2}}));
}

TEST(HypergraphStats, TinyKnownAnswers) {
  // Edges: {0,1,2}, {2,1,0} (duplicate set), {3,3} kept as a repeated pin, {3} (same set as
  // {3,3}), {}, {} (duplicate empty sets), {1}; vertex 4 isolated.
  const hypergraph h =
      make_hypergraph(5, {{0, 1, 2}, {2, 1, 0}, {3, 3}, {3}, {}, {}, {1}}, /*keep_repeated_pins=*/true);
  const hypergraph_stats s = compute_hypergraph_stats(h);
  EXPECT_EQ(s.num_vertices, 5u);
  EXPECT_EQ(s.num_hyperedges, 7u);
  EXPECT_EQ(s.num_pins, 10u);
  EXPECT_EQ(s.min_vertex_degree, 0u);
  EXPECT_EQ(s.max_vertex_degree, 3u);  // vertex 1 in three hyperedges, vertex 3 listed three times
  EXPECT_DOUBLE_EQ(s.mean_vertex_degree, 2.0);
  EXPECT_EQ(s.isolated_vertices, 1u);
  EXPECT_EQ(s.min_edge_size, 0u);
  EXPECT_EQ(s.max_edge_size, 3u);
  EXPECT_DOUBLE_EQ(s.mean_edge_size, 10.0 / 7.0);
  EXPECT_EQ(s.empty_hyperedges, 2u);
  EXPECT_EQ(s.singleton_hyperedges, 2u);
  EXPECT_EQ(s.hyperedges_with_repeated_pin, 1u);
  EXPECT_EQ(s.unique_hyperedges, 4u);  // {0,1,2}, {3}, {}, {1}
  EXPECT_EQ(s.vertex_degrees, (histogram{{0, 1}, {2, 2}, {3, 2}}));
  EXPECT_EQ(s.edge_sizes, (histogram{{0, 2}, {1, 2}, {2, 1}, {3, 2}}));

  const auto rep = duplicate_representatives(h);
  EXPECT_EQ(std::vector<hyperedge_t>(rep.begin(), rep.end()), (std::vector<hyperedge_t>{0, 0, 2, 2, 4, 4, 6}));
}

TEST(HypergraphStats, EmptyHypergraph) {
  const hypergraph_stats s = compute_hypergraph_stats(hypergraph{});
  EXPECT_EQ(s.num_vertices, 0u);
  EXPECT_EQ(s.num_hyperedges, 0u);
  EXPECT_EQ(s.unique_hyperedges, 0u);
  EXPECT_TRUE(s.edge_sizes.empty());
}

TEST(HypergraphStats, RandomAgainstReference) {
  const int default_threads = omp_get_max_threads();
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const vertex_t n = 30 * static_cast<vertex_t>(seed);
    const edge_lists edges = test::random_edge_lists(n, 4 * n, 6, seed);
    const hypergraph h = make_hypergraph(n, edges, /*keep_repeated_pins=*/true);

    std::map<std::set<vertex_t>, hyperedge_t> first_of;
    std::vector<hyperedge_t> expected_rep;
    std::map<edge_t, std::uint64_t> sizes, degrees;
    std::vector<edge_t> degree(n, 0);
    hyperedge_t repeated = 0;
    for (hyperedge_t i = 0; i < edges.size(); ++i) {
      const std::set<vertex_t> s(edges[i].begin(), edges[i].end());
      expected_rep.push_back(first_of.emplace(s, i).first->second);
      ++sizes[edges[i].size()];
      repeated += s.size() != edges[i].size();
      for (vertex_t v : edges[i]) ++degree[v];
    }
    for (edge_t d : degree) ++degrees[d];
    histogram expected_sizes, expected_degrees;
    for (auto [value, count] : sizes) expected_sizes.push_back({value, count});
    for (auto [value, count] : degrees) expected_degrees.push_back({value, count});

    for (int threads : {1, 3}) {
      omp_set_num_threads(threads);
      const auto rep = duplicate_representatives(h);
      EXPECT_EQ(std::vector<hyperedge_t>(rep.begin(), rep.end()), expected_rep) << "seed " << seed;
      const hypergraph_stats s = compute_hypergraph_stats(h);
      EXPECT_EQ(s.unique_hyperedges, first_of.size());
      EXPECT_EQ(s.hyperedges_with_repeated_pin, repeated);
      EXPECT_EQ(s.edge_sizes, expected_sizes);
      EXPECT_EQ(s.vertex_degrees, expected_degrees);
      EXPECT_EQ(s.isolated_vertices, degrees[0]);
    }
  }
  omp_set_num_threads(default_threads);
}

}  // namespace
}  // namespace plexus
