// Betweenness centrality through the public API on every back end: hand-computed scores on
// a path and a star, every scaling option and source mode against verify::reference_betweenness
// on generated directed and undirected graphs, batch sizes, the LAGraph 4-source reference
// vectors (raw dependencies) and refused inputs.
#include "plexus/algorithms/bc/bc.hpp"

#include <gtest/gtest.h>

#include "dataset_figures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "order_test_support.hpp"
#include "plexus/core/error.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/uniform.hpp"
#include "plexus/io/read_graph.hpp"
#include "plexus/algorithms/bc/bc_verify.hpp"

namespace plexus {
namespace {

using test::make_graph;
using scores = std::vector<double>;

class betweenness_test : public test::backend_test {
 protected:
  // Every combination of normalized / endpoints against the reference for `sources`.
  void expect_reference(const csr_graph& g, const std::vector<vertex_t>& sources, vertex_t batch = 0) {
    const device_graph dev(g, where());
    for (bool normalized : {true, false})
      for (bool endpoints : {false, true}) {
        SCOPED_TRACE(testing::Message() << "normalized " << normalized << " endpoints " << endpoints << " batch "
                                        << batch << " sources " << sources.size());
        betweenness_options o;
        o.sources = sources;
        o.normalized = normalized;
        o.endpoints = endpoints;
        o.batch_size = batch;
        const betweenness_result r = betweenness(dev, o);
        const auto expected = verify::reference_betweenness(g, sources, normalized, endpoints);
        const auto v = verify::compare_betweenness(g, expected, r.score, 1e-9);
        EXPECT_TRUE(v.ok) << v.message;
      }
  }
};

csr_graph path5() { return make_graph(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}}, false); }

csr_graph kronecker_graph(int scale, bool directed, std::uint64_t seed) {
  generators::kronecker_options k;
  k.scale = scale;
  k.edge_factor = 8;
  k.directed = directed;
  k.seed = seed;
  return build_graph(generators::kronecker(k));
}

TEST_P(betweenness_test, path_by_hand) {
  const csr_graph path = path5();  // outlives the device_graph, which refers to it
  const device_graph dev(path, where());
  betweenness_options o;
  o.raw_dependencies = true;
  // Ordered pairs through each vertex: 1 lies inside (0,2), (0,3), (0,4) both ways; 2 inside
  // (0,3), (0,4), (1,3), (1,4) both ways.
  const betweenness_result raw = betweenness(dev, o);
  EXPECT_EQ(scores(raw.score.begin(), raw.score.end()), (scores{0, 6, 8, 6, 0}));
  o.raw_dependencies = false;
  const betweenness_result normalized = betweenness(dev, o);  // divided by (n-1)(n-2) = 12
  EXPECT_NEAR(normalized.score[2], 8.0 / 12, 1e-15);
  EXPECT_NEAR(normalized.score[1], 0.5, 1e-15);
  o.sources = {2};
  o.raw_dependencies = true;
  // From 2 alone: 1 and 3 each carry the path to the vertex behind them.
  const betweenness_result one = betweenness(dev, o);
  EXPECT_EQ(scores(one.score.begin(), one.score.end()), (scores{0, 1, 0, 1, 0}));
}

TEST_P(betweenness_test, star_centre_carries_every_pair) {
  // Centre 0 with 4 leaves, directed both ways: 4 * 3 ordered leaf pairs pass through 0.
  const csr_graph g = make_graph(5, {{0, 1}, {0, 2}, {0, 3}, {0, 4}}, false);
  betweenness_options o;
  o.raw_dependencies = true;
  const betweenness_result r = betweenness(device_graph(g, where()), o);
  EXPECT_EQ(scores(r.score.begin(), r.score.end()), (scores{12, 0, 0, 0, 0}));
}

// One source at a time chooses per level between pushing and pulling forward, gathering and
// pushing backward, by the level's vertices and arcs: a hub alone on its level (few vertices,
// many arcs: gathered backward), a wide level whose vertices share successors (several paths
// each), and a tail of one-vertex levels (pushed both ways).
TEST_P(betweenness_test, hub_levels_wide_levels_and_tails_match_reference) {
  constexpr vertex_t leaves = 400, pairs = leaves / 2, tail = 20;
  constexpr vertex_t hub = 1, first_leaf = 2, first_pair = first_leaf + leaves,
                     first_tail = first_pair + pairs;
  std::vector<test::weighted_arc> edges{{0, hub}};
  for (vertex_t i = 0; i < leaves; ++i) {
    edges.push_back({hub, first_leaf + i});
    edges.push_back({first_leaf + i, first_pair + i / 2});
    if (i + 1 < leaves) edges.push_back({first_leaf + i, first_leaf + i + 1});
  }
  edges.push_back({first_pair, first_tail});
  for (vertex_t i = 0; i + 1 < tail; ++i) edges.push_back({first_tail + i, first_tail + i + 1});
  const csr_graph g = make_graph(first_tail + tail, edges, false);
  expect_reference(g, {0, first_leaf + 5, first_tail + tail / 2, first_tail + tail - 1}, 1);
}

TEST_P(betweenness_test, empty_and_single_vertex_graphs) {
  for (vertex_t n : {0u, 1u}) {
    const betweenness_result r = betweenness(device_graph(make_graph(n, {}, false), where()));
    EXPECT_EQ(scores(r.score.begin(), r.score.end()), scores(n, 0.0));
  }
}

TEST_P(betweenness_test, exact_matches_reference_undirected_and_directed) {
  expect_reference(path5(), {});
  expect_reference(kronecker_graph(8, false, 2), {});
  expect_reference(kronecker_graph(8, true, 3), {});
}

TEST_P(betweenness_test, source_sets_and_batches_match_reference) {
  const csr_graph u = kronecker_graph(10, false, 4), d = kronecker_graph(10, true, 5);
  const std::vector<vertex_t> sources{7, 0, 1023, 500, 3, 64, 65};
  for (vertex_t batch : {0u, 1u, 3u, 7u, 100u}) {
    expect_reference(u, sources, batch);
    expect_reference(d, sources, batch);
  }
  expect_reference(u, {42});
}

// Sources are drawn by rank in original-id order, so degree order samples the same vertices
// (it once drew the same new ids, other vertices); exact betweenness visits the sources in
// the same order. Scores may differ in their last bits only (sums in another order).
TEST_P(betweenness_test, sampled_sources_are_the_same_vertices_in_every_vertex_order) {
  const csr_graph g = kronecker_graph(10, false, 6);
  const csr_graph r = plexus_test::degree_ordered(g);
  for (const vertex_t samples : {vertex_t{20}, vertex_t{0}}) {
    SCOPED_TRACE(samples);
    betweenness_options o;
    o.samples = samples;
    o.seed = 9;
    const betweenness_result a = betweenness(device_graph(g, where()), o);
    const betweenness_result b = betweenness(device_graph(r, where()), o);
    std::vector<std::uint64_t> ids_a, ids_b;
    for (const vertex_t s : a.sources) ids_a.push_back(g.original_id(s));
    for (const vertex_t s : b.sources) ids_b.push_back(r.original_id(s));
    EXPECT_EQ(ids_a, ids_b);
    const auto score_a = plexus_test::values_by_id(g, a.score);
    const auto score_b = plexus_test::values_by_id(r, b.score);
    for (const auto& [id, x] : score_a)
      ASSERT_NEAR(x, score_b.at(id), 1e-9 * std::max(1.0, std::abs(x))) << id;
  }
}

TEST_P(betweenness_test, sampled_sources_are_seeded_and_match_reference) {
  const csr_graph g = kronecker_graph(10, false, 6);
  const device_graph dev(g, where());
  betweenness_options o;
  o.samples = 20;
  o.seed = 9;
  const betweenness_result r = betweenness(dev, o);
  ASSERT_EQ(r.sources.size(), 20u);
  EXPECT_EQ(r.sources, betweenness_sample(g.num_vertices(), 20, 9));
  const auto v = verify::compare_betweenness(g, verify::reference_betweenness(g, r.sources), r.score, 1e-9);
  EXPECT_TRUE(v.ok) << v.message;
  o.seed = 10;
  EXPECT_NE(betweenness(dev, o).sources, r.sources);
  // Host and this back end draw the same sample and agree.
  const betweenness_result host = betweenness(device_graph(g, backend::host), o);
  const betweenness_result here = betweenness(dev, o);
  EXPECT_EQ(host.sources, here.sources);
  EXPECT_TRUE(verify::compare_betweenness(g, host.score, here.score, 1e-12).ok);
}

TEST_P(betweenness_test, uniform_directed_matches_reference) {
  generators::uniform_options u;
  u.num_vertices = 1500;
  u.num_edges = 6000;
  u.directed = true;
  u.seed = 12;
  const csr_graph g = build_graph(generators::uniform(u));
  expect_reference(g, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 4);
}

TEST_P(betweenness_test, refuses_bad_sources_and_repeated_neighbours) {
  const csr_graph path = path5();  // outlives the device_graph, which refers to it
  const device_graph dev(path, where());
  betweenness_options o;
  o.sources = {5};
  EXPECT_THROW(betweenness(dev, o), error);
  o.sources = {1, 1};
  EXPECT_THROW(betweenness(dev, o), error);
  edge_list edges;
  edges.num_vertices = 3;
  edges.src = {0, 0, 1};
  edges.dst = {1, 1, 2};
  build_options b;
  b.keep_parallel_edges = true;
  EXPECT_THROW(betweenness(device_graph(build_graph(std::move(edges), b), where())), error);
}

TEST_P(betweenness_test, refusals_name_vertices_by_the_input_ids) {
  // Vertices 0, 1, 2 stand for the input's 100, 200, 300; the edge 100 - 200 is stored twice.
  edge_list edges;
  edges.num_vertices = 3;
  edges.src = {0, 0, 1};
  edges.dst = {1, 1, 2};
  edges.original_ids = {100, 200, 300};
  build_options b;
  b.keep_parallel_edges = true;
  const csr_graph parallel = build_graph(edges, b);
  const csr_graph simple = build_graph(std::move(edges));
  const auto refusal = [&](const csr_graph& g, const betweenness_options& o) -> std::string {
    try {
      betweenness(device_graph(g, where()), o);
    } catch (const error& e) {
      return e.what();
    }
    return "accepted";
  };
  betweenness_options twice;
  twice.sources = {1, 1};
  EXPECT_EQ(refusal(simple, twice), "betweenness source 200 listed twice");
  EXPECT_EQ(refusal(parallel, {}),
            "betweenness: vertex 100 lists neighbour 200 twice: build the graph without keep_parallel_edges");
}

// --- LAGraph batch BC reference vectors -----------------------------------------------------

using test::read_vertex_values;

void expect_lagraph(backend where, const csr_graph& g, std::vector<vertex_t> sources, const char* reference) {
  betweenness_options o;
  o.sources = std::move(sources);
  o.raw_dependencies = true;
  const betweenness_result r = betweenness(device_graph(g, where), o);
  const auto expected = read_vertex_values(test::datasets_dir() / "reference/lagraph" / reference);
  ASSERT_EQ(expected.size(), r.score.size());
  // LAGraph prints 6 significant digits.
  const auto v = verify::compare_betweenness(g, expected, scores(r.score.begin(), r.score.end()), 1e-4);
  EXPECT_TRUE(v.ok) << v.message;
}

TEST_P(betweenness_test, karate_matches_lagraph_batch_bc) {
  PLEXUS_REQUIRE_DATASETS();
  expect_lagraph(where(), io::read_graph(test::datasets_dir() / "graphs/karate.mtx"), {6, 29, 0, 9},
                 "karate_bc_4sources.txt");
}

TEST_P(betweenness_test, west0067_directed_matches_lagraph_batch_bc) {
  PLEXUS_REQUIRE_DATASETS();
  io::read_options options;
  options.keep_weights = false;
  const csr_graph g = io::read_graph(test::datasets_dir() / "graphs/west0067.mtx", options);
  ASSERT_TRUE(g.directed());
  expect_lagraph(where(), g, {13, 58, 1, 18}, "west0067_bc_4sources.txt");
}

TEST_P(betweenness_test, datasets_sampled_match_reference) {
  PLEXUS_REQUIRE_DATASETS();
  for (const char* file : {"dolphins.mtx", "CA-GrQc.txt", "power.graph"}) {
    SCOPED_TRACE(file);
    const csr_graph g = io::read_graph(test::datasets_dir() / "graphs" / file);
    expect_reference(g, betweenness_sample(g.num_vertices(), 16, 1));
  }
  expect_reference(io::read_graph(test::datasets_dir() / "graphs/karate.mtx"), {});
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(betweenness_test);

}  // namespace
}  // namespace plexus
