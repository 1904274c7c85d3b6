// Jaccard similarity through the public API on every back end: hand-computed scores, every
// intersection method against verify::reference_jaccard on generated graphs (with and
// without self-loops), pair scores and top-k against their references, refused inputs, and
// real datasets.
#include "plexus/algorithms/jaccard/jaccard.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <utility>
#include <vector>

#include "algorithm_test_support.hpp"
#include "order_test_support.hpp"
#include "plexus/core/error.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/uniform.hpp"
#include "plexus/io/read_graph.hpp"
#include "plexus/algorithms/jaccard/jaccard_verify.hpp"

namespace plexus {
namespace {

using test::make_graph;
using pair_list = std::vector<std::pair<vertex_t, vertex_t>>;

constexpr intersect_method kMethods[] = {intersect_method::hybrid, intersect_method::merge,
                                         intersect_method::binary_search};

class jaccard_test : public test::backend_test {
 protected:
  void expect_reference(const csr_graph& g) {
    const device_graph dev(g, where());
    for (intersect_method m : kMethods) {
      SCOPED_TRACE(static_cast<int>(m));
      jaccard_options options;
      options.method = m;
      const jaccard_result r = jaccard(dev, options);
      const auto v = verify::compare_jaccard(g, r.score, 1e-12);
      EXPECT_TRUE(v.ok) << v.message;
    }
  }

  void expect_top_k(const csr_graph& g, vertex_t k) {
    SCOPED_TRACE(k);
    const auto expected = verify::reference_top_k_jaccard(g, k);
    const jaccard_top_k_result r = jaccard_top_k(device_graph(g, where()), k);
    EXPECT_TRUE(std::equal(r.offsets.begin(), r.offsets.end(), expected.offsets.begin(), expected.offsets.end()));
    EXPECT_TRUE(
        std::equal(r.neighbors.begin(), r.neighbors.end(), expected.neighbors.begin(), expected.neighbors.end()));
    EXPECT_TRUE(std::equal(r.scores.begin(), r.scores.end(), expected.scores.begin(), expected.scores.end()));
  }
};

// Triangle 0-1-2 with vertex 3 hanging off 0, and isolated vertex 4.
csr_graph triangle_with_tail() { return make_graph(5, {{0, 1}, {1, 2}, {2, 0}, {0, 3}}, false); }

csr_graph kronecker_graph(int scale, std::uint64_t seed, bool self_loops = false) {
  generators::kronecker_options k;
  k.scale = scale;
  k.seed = seed;
  build_options b;
  b.keep_self_loops = self_loops;
  return build_graph(generators::kronecker(k), b);
}

TEST_P(jaccard_test, hand_computed_scores) {
  const csr_graph g = triangle_with_tail();
  // Rows: 0 -> {1, 2, 3}, 1 -> {0, 2}, 2 -> {0, 1}, 3 -> {0}.
  // J(0,1) = |{2}| / |{0,1,2,3}|, J(0,2) = 1/4, J(0,3) = 0 / 4, J(1,2) = |{0}| / |{0,1,2}|.
  const std::vector<double> expected{0.25, 0.25, 0.0, 0.25, 1.0 / 3, 0.25, 1.0 / 3, 0.0};
  for (intersect_method m : kMethods) {
    jaccard_options options;
    options.method = m;
    const jaccard_result r = jaccard(device_graph(g, where()), options);
    ASSERT_EQ(r.score.size(), expected.size());
    for (std::size_t e = 0; e < expected.size(); ++e) EXPECT_DOUBLE_EQ(r.score[e], expected[e]) << "arc " << e;
  }
}

TEST_P(jaccard_test, empty_and_single_vertex_graphs) {
  for (vertex_t n : {0u, 1u}) {
    const csr_graph g = make_graph(n, {}, false);
    const device_graph dev(g, where());
    EXPECT_EQ(jaccard(dev).score.size(), 0u);
    const jaccard_top_k_result t = jaccard_top_k(dev, 3);
    EXPECT_EQ(t.offsets.size(), n + 1);
    EXPECT_EQ(t.neighbors.size(), 0u);
  }
  const csr_graph one = make_graph(1, {}, false);
  const pair_list self{{0, 0}};
  EXPECT_EQ(jaccard_pairs(device_graph(one, where()), self).score[0], 0.0);  // empty union
}

TEST_P(jaccard_test, kronecker_every_method_matches_reference) { expect_reference(kronecker_graph(11, 2)); }

TEST_P(jaccard_test, self_loops_count_as_neighbours) { expect_reference(kronecker_graph(9, 4, true)); }

// NetworkX 3.6.1, on the graph built here with its loops kept:
//   G = nx.Graph([(0,1),(0,0),(1,2),(0,2),(2,3),(3,3)])
//   list(nx.jaccard_coefficient(G, [(0,1),(0,2),(1,2),(2,3),(0,0),(3,3),(0,3),(1,3)]))
// gives 1/3, 1/4, 1/4, 0, 2/3, 1/2, 1/4, 1/3: a loop puts its vertex in the union, never among
// the common neighbours.
TEST_P(jaccard_test, kept_self_loops_count_in_the_union_but_never_as_common_neighbours) {
  const csr_graph g = make_graph(4, {{0, 1}, {0, 0}, {1, 2}, {0, 2}, {2, 3}, {3, 3}}, false, false, true);
  ASSERT_EQ(g.num_edges(), 10u);
  const device_graph dev(g, where());
  const pair_list pairs{{0, 1}, {0, 2}, {1, 2}, {2, 3}, {0, 0}, {3, 3}, {0, 3}, {1, 3}};
  const std::vector<double> networkx{1.0 / 3, 0.25, 0.25, 0.0, 2.0 / 3, 0.5, 0.25, 1.0 / 3};
  for (intersect_method m : kMethods) {
    jaccard_options options;
    options.method = m;
    const jaccard_result r = jaccard_pairs(dev, pairs, options);
    EXPECT_EQ(std::vector<double>(r.score.begin(), r.score.end()), networkx) << static_cast<int>(m);
  }
  // Per arc, rows 0 -> {0, 1, 2}, 1 -> {0, 2}, 2 -> {0, 1, 3}, 3 -> {2, 3}.
  const jaccard_result arcs = jaccard(dev);
  EXPECT_EQ(std::vector<double>(arcs.score.begin(), arcs.score.end()),
            (std::vector<double>{2.0 / 3, 1.0 / 3, 0.25, 1.0 / 3, 0.25, 0.25, 0.25, 0.0, 0.0, 0.5}));
  expect_reference(g);
}

TEST_P(jaccard_test, uniform_every_method_matches_reference) {
  generators::uniform_options u;
  u.num_vertices = 2000;
  u.num_edges = 30000;
  u.seed = 9;
  expect_reference(build_graph(generators::uniform(u)));
}

TEST_P(jaccard_test, pairs_match_reference) {
  const csr_graph g = kronecker_graph(10, 6);
  std::mt19937 rng(1);
  pair_list pairs{{0, 0}, {1, 1}, {0, g.num_vertices() - 1}};
  for (int i = 0; i < 5000; ++i) pairs.emplace_back(rng() % g.num_vertices(), rng() % g.num_vertices());
  const auto expected = verify::reference_jaccard_pairs(g, pairs);
  const device_graph dev(g, where());
  for (intersect_method m : kMethods) {
    jaccard_options options;
    options.method = m;
    const jaccard_result r = jaccard_pairs(dev, pairs, options);
    ASSERT_EQ(r.score.size(), pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) ASSERT_EQ(r.score[i], expected[i]) << "pair " << i;
  }
  EXPECT_EQ(jaccard_pairs(dev, pair_list{}).score.size(), 0u);
}

TEST_P(jaccard_test, top_k_matches_reference) {
  expect_top_k(triangle_with_tail(), 1);
  const csr_graph g = kronecker_graph(10, 8, true);
  for (vertex_t k : {1u, 3u, 16u, 100000u}) expect_top_k(g, k);
  expect_top_k(g, 0);
}

/// The top-k lists of every vertex as (original id of the neighbour, score), keyed by the
/// vertex's original id.
using top_k_lists = std::map<std::uint64_t, std::vector<std::pair<std::uint64_t, double>>>;
top_k_lists top_k_by_id(const csr_graph& g, const jaccard_top_k_result& r) {
  top_k_lists lists;
  for (vertex_t u = 0; u < g.num_vertices(); ++u)
    for (edge_t i = r.offsets[u]; i < r.offsets[u + 1]; ++i)
      lists[g.original_id(u)].emplace_back(g.original_id(r.neighbors[i]), r.scores[i]);
  return lists;
}

// Equal scores go to the neighbour of smaller original id in every vertex order: degree order
// once kept the neighbour of smaller new id.
TEST_P(jaccard_test, top_k_ties_go_to_the_smaller_original_id) {
  const csr_graph g = kronecker_graph(10, 8);
  const csr_graph r = plexus_test::degree_ordered(g);
  for (vertex_t k : {1u, 2u, 5u}) {
    SCOPED_TRACE(k);
    EXPECT_EQ(top_k_by_id(g, jaccard_top_k(device_graph(g, where()), k)),
              top_k_by_id(r, jaccard_top_k(device_graph(r, where()), k)));
    expect_top_k(r, k);
  }
}

TEST_P(jaccard_test, refuses_bad_input) {
  const csr_graph directed = make_graph(3, {{0, 1}, {1, 2}}, true);
  EXPECT_THROW(jaccard(device_graph(directed, where())), error);
  edge_list edges;
  edges.num_vertices = 3;
  edges.directed = false;
  edges.src = {0, 0, 1};
  edges.dst = {1, 1, 2};
  build_options b;
  b.keep_parallel_edges = true;
  const csr_graph repeated = build_graph(std::move(edges), b);
  EXPECT_THROW(jaccard(device_graph(repeated, where())), error);
  const csr_graph tail = triangle_with_tail();
  const device_graph dev(tail, where());
  EXPECT_THROW(jaccard_pairs(dev, pair_list{{0, 5}}), error);
}

TEST_P(jaccard_test, host_and_device_agree) {
  const csr_graph g = kronecker_graph(12, 11);
  const jaccard_result here = jaccard(device_graph(g, where()));
  const jaccard_result host = jaccard(device_graph(g, backend::host));
  EXPECT_TRUE(std::equal(here.score.begin(), here.score.end(), host.score.begin(), host.score.end()));
}

TEST_P(jaccard_test, datasets_match_reference) {
  PLEXUS_REQUIRE_DATASETS();
  for (const char* file : {"karate.mtx", "facebook_combined.txt", "CA-HepTh.txt", "as-caida20071105.txt"}) {
    SCOPED_TRACE(file);
    io::read_options options;
    options.directed = false;
    options.keep_weights = false;
    expect_reference(io::read_graph(test::datasets_dir() / "graphs" / file, options));
  }
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(jaccard_test);

}  // namespace
}  // namespace plexus
