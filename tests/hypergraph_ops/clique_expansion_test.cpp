// clique_expansion on hand-made hypergraphs with known expansions and on random hypergraphs
// (with empty hyperedges, repeated pins, duplicates) against a brute-force pair enumeration,
// at several thread counts.
#include "plexus/hypergraph/clique_expansion.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <map>
#include <set>
#include <utility>
#include <vector>

#include "hyper_test_support.hpp"

namespace plexus {
namespace {

using test::edge_lists;
using test::make_hypergraph;
using adjacency = std::vector<std::vector<vertex_t>>;

adjacency neighbor_lists(const csr_graph& g) {
  adjacency out;
  for (vertex_t v = 0; v < g.num_vertices(); ++v) out.emplace_back(g.neighbors(v).begin(), g.neighbors(v).end());
  return out;
}

std::vector<std::vector<weight_t>> weight_lists(const csr_graph& g) {
  std::vector<std::vector<weight_t>> out;
  for (vertex_t v = 0; v < g.num_vertices(); ++v)
    out.emplace_back(g.weights().begin() + g.offsets()[v], g.weights().begin() + g.offsets()[v + 1]);
  return out;
}

// Brute force: every ordered pair of distinct vertices of every hyperedge (as a set), each
// distinct set counted once when asked.
std::map<std::pair<vertex_t, vertex_t>, int> brute_force_pairs(const edge_lists& edges, bool distinct_only) {
  std::map<std::pair<vertex_t, vertex_t>, int> pairs;
  std::set<std::set<vertex_t>> seen;
  for (const auto& e : edges) {
    const std::set<vertex_t> s(e.begin(), e.end());
    if (distinct_only && !seen.insert(s).second) continue;
    for (vertex_t u : s)
      for (vertex_t v : s)
        if (u != v) ++pairs[{u, v}];
  }
  return pairs;
}

TEST(CliqueExpansion, TinyKnownGraph) {
  // {0,1,2}, {2,3}, {} and isolated vertex 4: triangle 0-1-2 plus edge 2-3.
  const hypergraph h = make_hypergraph(5, {{2, 0, 1}, {3, 2}, {}});
  const csr_graph g = clique_expansion(h);
  EXPECT_FALSE(g.directed());
  EXPECT_FALSE(g.weighted());
  EXPECT_EQ(g.num_vertices(), 5u);
  EXPECT_EQ(g.num_logical_edges(), 4u);
  EXPECT_EQ(neighbor_lists(g), (adjacency{{1, 2}, {0, 2}, {0, 1, 3}, {2}, {}}));
}

TEST(CliqueExpansion, WeightsCountSharedHyperedges) {
  // {0,1} appears in three hyperedges (two identical), {1,2} in one.
  const edge_lists edges{{0, 1}, {1, 0, 2}, {0, 1}, {3}};
  const hypergraph h = make_hypergraph(4, edges);
  const csr_graph g = clique_expansion(h, {.weighted = true});
  ASSERT_TRUE(g.weighted());
  EXPECT_EQ(neighbor_lists(g), (adjacency{{1, 2}, {0, 2}, {0, 1}, {}}));
  EXPECT_EQ(weight_lists(g), (std::vector<std::vector<weight_t>>{{3, 1}, {3, 1}, {1, 1}, {}}));

  const csr_graph distinct = clique_expansion(h, {.weighted = true, .distinct_hyperedges_only = true});
  EXPECT_EQ(neighbor_lists(distinct), neighbor_lists(g));
  EXPECT_EQ(weight_lists(distinct), (std::vector<std::vector<weight_t>>{{2, 1}, {2, 1}, {1, 1}, {}}));
}

TEST(CliqueExpansion, RepeatedPinsCountOnce) {
  // Kept repeated pins must neither create self-loops nor inflate weights.
  const hypergraph h = make_hypergraph(3, {{0, 0, 1, 1}, {2, 2}}, /*keep_repeated_pins=*/true);
  ASSERT_EQ(h.num_pins(), 6u);
  const csr_graph g = clique_expansion(h, {.weighted = true});
  EXPECT_EQ(neighbor_lists(g), (adjacency{{1}, {0}, {}}));
  EXPECT_EQ(weight_lists(g), (std::vector<std::vector<weight_t>>{{1}, {1}, {}}));
}

TEST(CliqueExpansion, EmptyHypergraphs) {
  EXPECT_EQ(clique_expansion(hypergraph{}).num_vertices(), 0u);
  const csr_graph g = clique_expansion(make_hypergraph(3, {{}, {1}}));
  EXPECT_EQ(g.num_vertices(), 3u);
  EXPECT_EQ(g.num_edges(), 0u);
}

TEST(CliqueExpansion, KeepsOriginalIds) {
  incidence_list list;
  list.num_vertices = 3;
  list.pins = {0, 2};
  list.edge_offsets = {0, 2};
  list.original_ids = {10, 20, 30};
  const csr_graph g = clique_expansion(build_hypergraph(std::move(list)));
  ASSERT_TRUE(g.has_original_ids());
  EXPECT_EQ(g.original_id(2), 30u);
}

TEST(CliqueExpansion, RandomAgainstBruteForce) {
  const int default_threads = omp_get_max_threads();
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const vertex_t n = 40 + static_cast<vertex_t>(seed) * 97;  // spans several vertex blocks
    const edge_lists edges = test::random_edge_lists(n, 3 * n, 9, seed);
    const hypergraph h = make_hypergraph(n, edges, /*keep_repeated_pins=*/seed % 2 == 0);
    for (bool distinct_only : {false, true}) {
      const auto pairs = brute_force_pairs(edges, distinct_only);
      adjacency expected_adj(n);
      std::vector<std::vector<weight_t>> expected_w(n);
      for (const auto& [uv, count] : pairs) {
        expected_adj[uv.first].push_back(uv.second);
        expected_w[uv.first].push_back(static_cast<weight_t>(count));
      }
      for (int threads : {1, 2, 3}) {
        omp_set_num_threads(threads);
        const csr_graph g = clique_expansion(h, {.weighted = true, .distinct_hyperedges_only = distinct_only});
        EXPECT_EQ(neighbor_lists(g), expected_adj) << "seed " << seed << " threads " << threads;
        EXPECT_EQ(weight_lists(g), expected_w) << "seed " << seed << " threads " << threads;
        EXPECT_EQ(g.num_logical_edges(), pairs.size() / 2);
      }
    }
  }
  omp_set_num_threads(default_threads);
}

}  // namespace
}  // namespace plexus
