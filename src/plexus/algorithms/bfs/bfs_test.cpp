// BFS through the public API on every back end: hand-computed answers on tiny graphs, every
// direction mode and load balancer checked by the serial verifier on generated graphs, bad
// sources, and published reference levels on real data (LAGraph karate levels, cuGraph /
// networkx hop counts, the rome99 hop depth of the datasets manifest).
#include "plexus/algorithms/bfs/bfs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "algorithm_test_support.hpp"
#include "plexus/core/error.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/uniform.hpp"
#include "plexus/io/read_graph.hpp"
#include "plexus/algorithms/bfs/bfs_verify.hpp"

namespace plexus {
namespace {

using test::make_graph;
constexpr vertex_t X = invalid_vertex;

static_assert(unreached_depth == verify::bfs_unreached, "verifier and algorithm agree on the unreached marker");

constexpr direction_mode kDirections[] = {direction_mode::automatic, direction_mode::push, direction_mode::pull};
constexpr load_balance kBalances[] = {load_balance::automatic,    load_balance::thread_mapped,
                                      load_balance::warp_mapped,  load_balance::block_mapped,
                                      load_balance::degree_bucketed, load_balance::edge_balanced};

const char* name(direction_mode d) {
  return d == direction_mode::push ? "push" : d == direction_mode::pull ? "pull" : "automatic";
}

std::vector<vertex_t> as_vector(const host_vector<vertex_t>& v) { return {v.begin(), v.end()}; }

class bfs_test : public test::backend_test {
 protected:
  // Runs BFS in every direction mode; each result must pass the verifier and have `depths`.
  void expect_depths(const csr_graph& graph, vertex_t source, const std::vector<vertex_t>& depths) {
    const device_graph dev(graph, where());
    for (direction_mode d : kDirections) {
      SCOPED_TRACE(name(d));
      bfs_options options;
      options.direction = d;
      const bfs_result r = bfs(dev, source, options);
      EXPECT_EQ(as_vector(r.depth), depths);
      const auto v = verify::bfs(graph, source, r.depth, r.parent);
      EXPECT_TRUE(v.ok) << v.message;
    }
  }

  // Verifies BFS from `sources` in every direction mode and with every load balancer.
  void verify_all_modes(const csr_graph& graph, const std::vector<vertex_t>& sources) {
    const device_graph dev(graph, where());
    for (vertex_t s : sources)
      for (direction_mode d : kDirections)
        for (load_balance b : kBalances) {
          SCOPED_TRACE(testing::Message() << "source " << s << ", " << name(d) << ", " << to_string(b));
          bfs_options options;
          options.direction = d;
          options.balance = b;
          const bfs_result r = bfs(dev, s, options);
          const auto v = verify::bfs(graph, s, r.depth, r.parent);
          EXPECT_TRUE(v.ok) << v.message;
          EXPECT_GT(r.iterations, 0);
          EXPECT_GE(r.seconds, 0);
        }
  }
};

TEST_P(bfs_test, path_with_isolated_vertex) {
  const csr_graph g = make_graph(5, {{0, 1}, {1, 2}, {2, 3}}, false);
  expect_depths(g, 0, {0, 1, 2, 3, X});
  expect_depths(g, 2, {2, 1, 0, 1, X});
  expect_depths(g, 4, {X, X, X, X, 0});
  // The tree of a path is unique.
  const bfs_result r = bfs(device_graph(g, where()), 0);
  EXPECT_EQ(as_vector(r.parent), (std::vector<vertex_t>{0, 0, 1, 2, X}));
}

TEST_P(bfs_test, directed_follows_arc_direction) {
  // 0->1->2->0 cycle, 3->1 hangs off it, 4->3.
  const csr_graph g = make_graph(5, {{0, 1}, {1, 2}, {2, 0}, {3, 1}, {4, 3}}, true);
  expect_depths(g, 0, {0, 1, 2, X, X});
  expect_depths(g, 4, {4, 2, 3, 1, 0});
  expect_depths(g, 1, {2, 0, 1, X, X});
}

TEST_P(bfs_test, star_and_binary_tree) {
  std::vector<test::weighted_arc> star;
  for (vertex_t v = 1; v < 200; ++v) star.push_back({0, v});
  std::vector<vertex_t> depths(200, 1);
  depths[0] = 0;
  expect_depths(make_graph(200, star, false), 0, depths);

  // Complete binary tree of 127 vertices: depth of v is floor(log2(v + 1)).
  std::vector<test::weighted_arc> tree;
  for (vertex_t v = 1; v < 127; ++v) tree.push_back({(v - 1) / 2, v});
  std::vector<vertex_t> levels(127);
  for (vertex_t v = 0; v < 127; ++v) levels[v] = std::bit_width(v + 1) - 1;
  expect_depths(make_graph(127, tree, false), 0, levels);
}

TEST_P(bfs_test, disconnected_components_stay_unreached) {
  // Two triangles and a vertex with a self-loop-free single edge.
  const csr_graph g = make_graph(8, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}, {6, 7}}, false);
  expect_depths(g, 3, {X, X, X, 0, 1, 1, X, X});
  expect_depths(g, 7, {X, X, X, X, X, X, 1, 0});
}

TEST_P(bfs_test, single_vertex_without_edges) {
  expect_depths(make_graph(1, {}, false), 0, {0});
}

TEST_P(bfs_test, source_out_of_range_is_an_error) {
  const csr_graph g = make_graph(10, {{0, 1}}, false);
  const device_graph dev(g, where());
  try {
    bfs(dev, 12);
    FAIL() << "expected plexus::error";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("12"), std::string::npos) << e.what();
  }
  EXPECT_THROW(bfs(dev, invalid_vertex), error);
}

csr_graph undirected_kronecker(int scale, std::uint64_t seed) {
  generators::kronecker_options k;
  k.scale = scale;
  k.edge_factor = 16;
  k.seed = seed;
  return build_graph(generators::kronecker(k));
}

TEST_P(bfs_test, kronecker_undirected) {
  const csr_graph g = undirected_kronecker(11, 7);
  std::vector<vertex_t> sources{1000};
  vertex_t hub = 0;
  for (vertex_t v = 0; v < g.num_vertices(); ++v)
    if (g.degree(v) > g.degree(hub)) hub = v;
  sources.push_back(hub);
  verify_all_modes(g, sources);
}

// alpha and beta only move the switches between push and pull: depths never change.
TEST_P(bfs_test, switch_thresholds_change_no_depth) {
  const csr_graph g = undirected_kronecker(12, 3);
  const device_graph dev(g, where());
  const bfs_result automatic = bfs(dev, 5);
  for (double alpha : {0.5, 15.0, 80.0, 1e6})
    for (double beta : {1.0, 18.0, 1e6}) {
      SCOPED_TRACE(testing::Message() << "alpha " << alpha << ", beta " << beta);
      const bfs_result r = bfs(dev, 5, {.alpha = alpha, .beta = beta});
      EXPECT_EQ(as_vector(r.depth), as_vector(automatic.depth));
      const auto v = verify::bfs(g, 5, r.depth, r.parent);
      EXPECT_TRUE(v.ok) << v.message;
    }
  EXPECT_THROW(bfs(dev, 5, {.alpha = 0.0}), error);
  EXPECT_THROW(bfs(dev, 5, {.alpha = -1.0}), error);
  EXPECT_THROW(bfs(dev, 5, {.beta = 0.0}), error);
  EXPECT_EQ(default_bfs_alpha(backend_family::cpu), 15.0);
  EXPECT_GT(default_bfs_alpha(backend_family::simt), default_bfs_alpha(backend_family::cpu));
}

TEST_P(bfs_test, kronecker_directed) {
  generators::kronecker_options k;
  k.scale = 10;
  k.edge_factor = 8;
  k.directed = true;
  build_options b;
  b.build_in_edges = true;
  const csr_graph g = build_graph(generators::kronecker(k), b);
  verify_all_modes(g, {0, 5, 700});
}

TEST_P(bfs_test, uniform_sparse_directed_and_undirected) {
  generators::uniform_options u;
  u.num_vertices = 3000;
  u.num_edges = 4000;  // below the connectivity threshold: many components and isolated vertices
  u.seed = 3;
  verify_all_modes(build_graph(generators::uniform(u)), {0, 17, 2999});
  u.directed = true;
  build_options b;
  b.build_in_edges = true;
  verify_all_modes(build_graph(generators::uniform(u), b), {0, 17, 2999});
}

TEST_P(bfs_test, directed_without_in_edges_still_searches) {
  generators::kronecker_options k;
  k.scale = 9;
  k.directed = true;
  const csr_graph g = build_graph(generators::kronecker(k));  // no reverse CSR
  const device_graph dev(g, where());
  bfs_options push;
  push.direction = direction_mode::push;
  const bfs_result r = bfs(dev, 3, push);
  EXPECT_TRUE(verify::bfs(g, 3, r.depth, r.parent).ok);
  const bfs_result automatic = bfs(dev, 3);  // must fall back to push steps
  const auto v = verify::bfs(g, 3, automatic.depth, automatic.parent);
  EXPECT_TRUE(v.ok) << v.message;
}

// --- real data -------------------------------------------------------------------------

csr_graph read_dataset(const char* file) { return io::read_graph(test::datasets_dir() / "graphs" / file); }

void expect_reference_depths(backend where, const csr_graph& g, vertex_t source, const char* reference) {
  const auto expected = test::read_reference_pairs(test::datasets_dir() / "reference" / reference);
  ASSERT_EQ(expected.size(), g.num_vertices()) << reference;
  const device_graph dev(g, where);
  for (direction_mode d : kDirections) {
    SCOPED_TRACE(name(d));
    bfs_options options;
    options.direction = d;
    const bfs_result r = bfs(dev, source, options);
    for (const auto& [v, depth] : expected) EXPECT_EQ(r.depth[v], depth) << "vertex " << v;
    const auto verdict = verify::bfs(g, source, r.depth, r.parent);
    EXPECT_TRUE(verdict.ok) << verdict.message;
  }
}

TEST_P(bfs_test, karate_levels_from_30_match_lagraph) {
  PLEXUS_REQUIRE_DATASETS();
  expect_reference_depths(where(), read_dataset("karate.mtx"), 30, "lagraph/karate_bfs_levels_src30.txt");
}

TEST_P(bfs_test, karate_hops_from_7_match_cugraph) {
  PLEXUS_REQUIRE_DATASETS();
  expect_reference_depths(where(), read_dataset("karate.mtx"), 7, "cugraph/karate_bfs_hops_src7.csv");
}

TEST_P(bfs_test, dolphins_hops_from_16_match_cugraph) {
  PLEXUS_REQUIRE_DATASETS();
  expect_reference_depths(where(), read_dataset("dolphins.mtx"), 16, "cugraph/dolphins_bfs_hops_src16.csv");
}

TEST_P(bfs_test, rome99_max_hop_depth_from_vertex_1) {
  PLEXUS_REQUIRE_DATASETS();
  const csr_graph g = read_dataset("rome99.gr");
  ASSERT_TRUE(g.directed());
  ASSERT_EQ(g.num_vertices(), 3353u);
  const device_graph dev(g, where());
  const bfs_result r = bfs(dev, 0);  // file vertex 1
  EXPECT_EQ(std::count(r.depth.begin(), r.depth.end(), unreached_depth), 0);
  EXPECT_EQ(*std::max_element(r.depth.begin(), r.depth.end()), 47u);
  const auto v = verify::bfs(g, 0, r.depth, r.parent);
  EXPECT_TRUE(v.ok) << v.message;
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(bfs_test);

}  // namespace
}  // namespace plexus
