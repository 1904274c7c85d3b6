// SSSP through the public API on every back end: hand-computed distances on tiny graphs,
// every delta and load balancer checked by the serial verifier on generated graphs,
// invalid sources, and the rome99 Dijkstra figures of the datasets manifest (weights and deltas
// it refuses: sssp_input_test.cpp).
#include "plexus/algorithms/sssp/sssp.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <vector>

#include "algorithm_test_support.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/uniform.hpp"
#include "plexus/graph/relabel.hpp"
#include "plexus/io/read_graph.hpp"
#include "plexus/algorithms/sssp/sssp_verify.hpp"

namespace plexus {
namespace {

using test::make_graph;
constexpr vertex_t X = invalid_vertex;
constexpr weight_t inf = std::numeric_limits<weight_t>::infinity();

constexpr load_balance kBalances[] = {load_balance::automatic,    load_balance::thread_mapped,
                                      load_balance::warp_mapped,  load_balance::block_mapped,
                                      load_balance::degree_bucketed, load_balance::edge_balanced};

class sssp_test : public test::backend_test {
 protected:
  // Runs SSSP with the default and a few explicit deltas; every result must pass the
  // verifier and equal `expected` exactly (small integer weights sum exactly in float).
  void expect_distances(const csr_graph& graph, vertex_t source, const std::vector<weight_t>& expected) {
    const device_graph dev(graph, where());
    for (direction_mode direction : directions(dev))
      for (weight_t delta : {0.0f, 0.5f, 1.0f, 3.0f, 1000.0f}) {
        SCOPED_TRACE(testing::Message() << "delta " << delta << ", direction " << static_cast<int>(direction));
        sssp_options options;
        options.delta = delta;
        options.direction = direction;
        const sssp_result r = sssp(dev, source, options);
        EXPECT_EQ(std::vector<weight_t>(r.distance.begin(), r.distance.end()), expected);
        if (direction == direction_mode::pull) {
          EXPECT_EQ(r.pull_rounds, r.iterations);
        }
        const auto v = verify::sssp(graph, source, r.distance, r.parent);
        EXPECT_TRUE(v.ok) << v.message;
      }
  }

  // Push always; pull too where the graph has in-arcs on this back end.
  static std::vector<direction_mode> directions(const device_graph& dev) {
    if (!dev.has_in_edges()) return {direction_mode::push};
    return {direction_mode::push, direction_mode::pull};
  }

  void verify_all_modes(const csr_graph& graph, const std::vector<vertex_t>& sources) {
    const device_graph dev(graph, where());
    for (vertex_t s : sources)
      for (load_balance b : kBalances)
        for (weight_t delta : {0.0f, 16.0f, 255.0f}) {
          SCOPED_TRACE(testing::Message() << "source " << s << ", " << to_string(b) << ", delta " << delta);
          sssp_options options;
          options.balance = b;
          options.delta = delta;
          const sssp_result r = sssp(dev, s, options);
          const auto v = verify::sssp(graph, s, r.distance, r.parent);
          EXPECT_TRUE(v.ok) << v.message;
          EXPECT_GE(r.seconds, 0);
        }
    // Every round pulled, and the automatic choice: the same distances as pushing.
    for (vertex_t s : sources) {
      if (!dev.has_in_edges()) break;
      sssp_options push;
      push.direction = direction_mode::push;
      const sssp_result expected = sssp(dev, s, push);
      for (direction_mode direction : {direction_mode::pull, direction_mode::automatic}) {
        SCOPED_TRACE(testing::Message() << "source " << s << ", direction " << static_cast<int>(direction));
        sssp_options options;
        options.direction = direction;
        const sssp_result r = sssp(dev, s, options);
        EXPECT_EQ(r.distance, expected.distance);
        const auto v = verify::sssp(graph, s, r.distance, r.parent);
        EXPECT_TRUE(v.ok) << v.message;
      }
    }
  }
};

TEST_P(sssp_test, directed_weighted_hand_computed) {
  // 0->1 (4), 0->2 (1), 2->1 (2), 1->3 (1), 2->3 (5), 3->4 (3), 4->0 (7); 5 isolated.
  const csr_graph g =
      make_graph(6, {{0, 1, 4}, {0, 2, 1}, {2, 1, 2}, {1, 3, 1}, {2, 3, 5}, {3, 4, 3}, {4, 0, 7}}, true, true);
  expect_distances(g, 0, {0, 3, 1, 4, 7, inf});
  expect_distances(g, 4, {7, 10, 8, 11, 0, inf});
  expect_distances(g, 5, {inf, inf, inf, inf, inf, 0});
  const sssp_result r = sssp(device_graph(g, where()), 0);
  EXPECT_EQ(std::vector<vertex_t>(r.parent.begin(), r.parent.end()), (std::vector<vertex_t>{0, 2, 0, 1, 3, X}));
}

TEST_P(sssp_test, undirected_weighted_hand_computed) {
  // A long light path beats a short heavy edge: 0-1-2-3 (1 each) versus 0-3 (10).
  const csr_graph g = make_graph(5, {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {0, 3, 10}, {3, 4, 0.5f}}, false, true);
  expect_distances(g, 0, {0, 1, 2, 3, 3.5f});
  expect_distances(g, 4, {3.5f, 2.5f, 1.5f, 0.5f, 0});
}

TEST_P(sssp_test, parallel_edges_use_the_lighter_one) {
  // The builder keeps the minimum of parallel arcs; sssp sees weight 2 for 0->1.
  const csr_graph g = make_graph(3, {{0, 1, 9}, {0, 1, 2}, {1, 2, 1}}, true, true);
  expect_distances(g, 0, {0, 2, 3});
}

TEST_P(sssp_test, zero_weight_edges) {
  const csr_graph g = make_graph(4, {{0, 1, 0}, {1, 2, 0}, {2, 3, 5}, {0, 3, 6}}, true, true);
  expect_distances(g, 0, {0, 0, 0, 5});
}

TEST_P(sssp_test, unweighted_graph_gives_hop_counts) {
  generators::kronecker_options k;
  k.scale = 10;
  k.edge_factor = 8;
  const csr_graph g = build_graph(generators::kronecker(k));
  ASSERT_FALSE(g.weighted());
  const device_graph dev(g, where());
  for (vertex_t s : {0u, 77u}) {
    const sssp_result r = sssp(dev, s);
    const bfs_result b = bfs(dev, s);
    for (vertex_t v = 0; v < g.num_vertices(); ++v) {
      if (b.depth[v] == unreached_depth)
        ASSERT_TRUE(std::isinf(r.distance[v])) << "vertex " << v;
      else
        ASSERT_EQ(r.distance[v], static_cast<weight_t>(b.depth[v])) << "vertex " << v;
    }
    const auto v = verify::sssp(g, s, r.distance, r.parent);
    EXPECT_TRUE(v.ok) << v.message;
  }
}

TEST_P(sssp_test, source_out_of_range_is_an_error) {
  const csr_graph g = make_graph(10, {{0, 1, 1}}, false, true);
  const device_graph dev(g, where());
  try {
    sssp(dev, 10);
    FAIL() << "expected plexus::error";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::invalid_argument);
  }
}

// An undirected Kronecker graph, edge factor 16, integer weights in [1, 255].
csr_graph weighted_kronecker(int scale, std::uint64_t seed) {
  generators::kronecker_options k;
  k.scale = scale;
  k.edge_factor = 16;
  k.weighted = true;
  k.seed = seed;
  return build_graph(generators::kronecker(k));
}

TEST_P(sssp_test, kronecker_weighted_undirected) {
  const csr_graph g = weighted_kronecker(11, 5);
  ASSERT_TRUE(g.weighted());
  verify_all_modes(g, {1, 1500});
}

// On GPUs pull rounds mark the near set in a bitmap on degree-ordered graphs and by a flag in
// the state word otherwise; both must give the same distances, vertex for vertex. (The host
// uses the bitmap for both graphs.)
TEST_P(sssp_test, pull_membership_by_bitmap_and_by_flag_agree) {
  const csr_graph g = weighted_kronecker(12, 9);
  const csr_graph r = relabel(g, vertex_order::degree);
  ASSERT_FALSE(degrees_non_increasing(g));
  ASSERT_TRUE(degrees_non_increasing(r));
  std::vector<vertex_t> in_r(g.num_vertices());
  std::map<std::uint64_t, vertex_t> relabelled;
  for (vertex_t v = 0; v < r.num_vertices(); ++v) relabelled[r.original_id(v)] = v;
  for (vertex_t v = 0; v < g.num_vertices(); ++v) in_r[v] = relabelled.at(g.original_id(v));
  const device_graph dg(g, where()), dr(r, where());
  for (direction_mode direction : {direction_mode::pull, direction_mode::automatic})
    for (const vertex_t source : {vertex_t{0}, vertex_t{123}}) {
      SCOPED_TRACE(testing::Message()
                   << "source " << source << ", direction " << static_cast<int>(direction));
      sssp_options options;
      options.direction = direction;
      const sssp_result a = sssp(dg, source, options), b = sssp(dr, in_r[source], options);
      EXPECT_TRUE(verify::sssp(g, source, a.distance, a.parent).ok);
      EXPECT_TRUE(verify::sssp(r, in_r[source], b.distance, b.parent).ok);
      if (direction == direction_mode::pull) {
        EXPECT_EQ(a.pull_rounds, a.iterations);
        EXPECT_EQ(b.pull_rounds, b.iterations);
      }
      for (vertex_t v = 0; v < g.num_vertices(); ++v)
        ASSERT_EQ(a.distance[v], b.distance[in_r[v]]) << "vertex " << v;
    }
}

// A uniform random edge list (integer weights in [1, 255] when weighted).
edge_list uniform_edges(vertex_t n, edge_t m, std::uint64_t seed, bool weighted, bool directed = false) {
  generators::uniform_options u;
  u.num_vertices = n;
  u.num_edges = m;
  u.weighted = weighted;
  u.directed = directed;
  u.seed = seed;
  return generators::uniform(u);
}

TEST_P(sssp_test, uniform_directed_real_weights) {
  // The generators draw integer weights; real weights in (0, 1] exercise float rounding.
  edge_list edges = uniform_edges(2000, 8000, 11, false, true);
  edges.weights.resize(edges.size());
  for (edge_t e = 0; e < edges.size(); ++e)
    edges.weights[e] = static_cast<weight_t>((counter_rng(99, e).uniform(1u << 20) + 1) / double(1u << 20));
  build_options b;
  b.build_in_edges = true;
  verify_all_modes(build_graph(std::move(edges), b), {0, 999});
}

TEST_P(sssp_test, uniform_sparse_many_components) {
  verify_all_modes(build_graph(uniform_edges(3000, 3000, 2, true)), {0, 2999});
}

TEST_P(sssp_test, hub_lists_longer_than_a_block_chunk) {
  // Two hubs adjacent to 9,000 and 20,000 vertices: pull rounds split their in-lists over
  // several blocks on CUDA, and the chunks' minima must combine to the list's minimum.
  edge_list edges = uniform_edges(30000, 60000, 4, true);
  for (vertex_t v = 2; v < 20002; ++v) {
    for (vertex_t hub : {vertex_t(0), vertex_t(1)}) {
      if (hub == 0 && v >= 9002) continue;
      edges.src.push_back(hub);
      edges.dst.push_back(v);
      edges.weights.push_back(static_cast<weight_t>(1 + (v * 7919u + hub) % 255));
    }
  }
  verify_all_modes(build_graph(std::move(edges)), {0, 1, 25000});
}

TEST_P(sssp_test, distances_spanning_far_more_windows_than_the_host_pile_bins) {
  // Weights up to a million with delta 1: distances reach hundreds of millions of windows, so
  // the host pile keeps most far vertices in its overflow lists and sorts them into bins as
  // the windows advance; also a long path, where every window holds a vertex or two.
  edge_list edges = uniform_edges(4000, 16000, 21, true);
  edges.weights.resize(edges.size());
  for (edge_t e = 0; e < edges.size(); ++e)
    edges.weights[e] = static_cast<weight_t>(1 + counter_rng(5, e).uniform(1000000));
  for (vertex_t v = 0; v + 1 < 4000; v += 7) {
    edges.src.push_back(v);
    edges.dst.push_back(v + 1);
    edges.weights.push_back(static_cast<weight_t>(1 + v % 3));
  }
  const csr_graph graph = build_graph(std::move(edges));
  const device_graph dev(graph, where());
  for (weight_t delta : {1.0f, 300.0f, 0.0f}) {
    SCOPED_TRACE(testing::Message() << "delta " << delta);
    sssp_options options;
    options.delta = delta;
    const sssp_result r = sssp(dev, 0, options);
    const auto v = verify::sssp(graph, 0, r.distance, r.parent);
    EXPECT_TRUE(v.ok) << v.message;
  }
}

TEST_P(sssp_test, pull_fraction_outside_unit_interval_is_an_error) {
  const csr_graph g = make_graph(3, {{0, 1, 1}, {1, 2, 1}}, false, true);
  const device_graph dev(g, where());
  sssp_options options;
  options.pull_fraction = 1.5;
  EXPECT_THROW(sssp(dev, 0, options), error);
}

TEST_P(sssp_test, rome99_dijkstra_from_vertex_1) {
  PLEXUS_REQUIRE_DATASETS();
  const csr_graph g = io::read_graph(test::datasets_dir() / "graphs" / "rome99.gr");
  ASSERT_EQ(g.num_vertices(), 3353u);
  const device_graph dev(g, where());
  const sssp_result r = sssp(dev, 0);  // file vertex 1
  ASSERT_EQ(std::count_if(r.distance.begin(), r.distance.end(), [](weight_t d) { return std::isinf(d); }), 0);
  const auto far = std::max_element(r.distance.begin(), r.distance.end());
  EXPECT_EQ(*far, 69102.0f);
  EXPECT_EQ(std::accumulate(r.distance.begin(), r.distance.end(), 0.0), 116006476.0);
  const auto v = verify::sssp(g, 0, r.distance, r.parent);
  EXPECT_TRUE(v.ok) << v.message;
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(sssp_test);

}  // namespace
}  // namespace plexus
