// Betweenness reference: hand-computed scores on paths, stars and cycles, NetworkX 3.6's
// scaling conventions (normalized, endpoints, sampled sources), and LAGraph's published
// 4-source batch BC vectors for karate and west0067.
#include "plexus/algorithms/bc/bc_verify.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dataset_figures.hpp"
#include "plexus/core/error.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/io/read_graph.hpp"
#include "skip_reasons.hpp"
#include "tiny_graph.hpp"

namespace plexus {
namespace {

using test::tiny_graph;

std::vector<double> as_vector(const host_vector<double>& v) { return {v.begin(), v.end()}; }

void expect_scores(const host_vector<double>& actual, const std::vector<double>& expected, double tol = 1e-12) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t v = 0; v < expected.size(); ++v) EXPECT_NEAR(actual[v], expected[v], tol) << "vertex " << v;
}

csr_graph path5() { return tiny_graph(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}}, false); }

TEST(verify_betweenness, undirected_path) {
  // Interior vertex i of the path 0..4 separates i * (4 - i) unordered pairs.
  expect_scores(verify::reference_betweenness(path5(), {}, false), {0, 3, 4, 3, 0});
  // Normalized by the (n-1)(n-2)/2 = 6 unordered pairs not containing the vertex.
  expect_scores(verify::reference_betweenness(path5()), {0, 0.5, 4.0 / 6, 0.5, 0});
  // Raw dependencies count ordered pairs: twice the unordered figure.
  expect_scores(verify::reference_betweenness_dependencies(path5(), {}), {0, 6, 8, 6, 0});
}

TEST(verify_betweenness, star_and_cycles) {
  const csr_graph star = tiny_graph(5, {{0, 1}, {0, 2}, {0, 3}, {0, 4}}, false);
  expect_scores(verify::reference_betweenness(star, {}, false), {6, 0, 0, 0, 0});  // C(4,2) leaf pairs
  expect_scores(verify::reference_betweenness(star), {1, 0, 0, 0, 0});
  // C5: each vertex is the middle of exactly one distance-2 pair, on its only shortest path.
  const csr_graph c5 = tiny_graph(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}}, false);
  expect_scores(verify::reference_betweenness(c5, {}, false), {1, 1, 1, 1, 1});
  // C4: each opposite pair has two shortest paths, each middle vertex gets half.
  const csr_graph c4 = tiny_graph(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, false);
  expect_scores(verify::reference_betweenness(c4, {}, false), {0.5, 0.5, 0.5, 0.5});
}

TEST(verify_betweenness, directed_graphs_follow_arcs) {
  // 0 -> 1 -> 2 and 2 -> 1: only the ordered pair (0, 2) passes through 1.
  const csr_graph g = tiny_graph(3, {{0, 1}, {1, 2}, {2, 1}}, true);
  expect_scores(verify::reference_betweenness(g, {}, false), {0, 1, 0});
  expect_scores(verify::reference_betweenness(g), {0, 0.5, 0});  // 1 / ((n-1)(n-2))
  // Diamond 0 -> {1, 2} -> 3 splits the one path pair.
  const csr_graph d = tiny_graph(4, {{0, 1}, {0, 2}, {1, 3}, {2, 3}}, true);
  expect_scores(verify::reference_betweenness(d, {}, false), {0, 0.5, 0.5, 0});
}

TEST(verify_betweenness, endpoints) {
  // NetworkX: path 0-1-2, endpoints=True gives {0: 2, 1: 3, 2: 2} and, normalized by
  // n(n-1)/2 = 3 pairs, {2/3, 1, 2/3}.
  const csr_graph p3 = tiny_graph(3, {{0, 1}, {1, 2}}, false);
  expect_scores(verify::reference_betweenness(p3, {}, false, true), {2, 3, 2});
  expect_scores(verify::reference_betweenness(p3, {}, true, true), {2.0 / 3, 1, 2.0 / 3});
}

TEST(verify_betweenness, parallel_arcs_and_self_loops_do_not_count) {
  // Same path stored with a repeated arc and a self-loop: NetworkX's adjacency is a set.
  const csr_graph g = tiny_graph(3, {{0, 1}, {0, 1}, {1, 2}, {1, 1}}, false);
  expect_scores(verify::reference_betweenness(g, {}, false), {0, 1, 0});
}

TEST(verify_betweenness, sampled_sources_scale_as_networkx) {
  // Path 0..4 from sources {1, 3} (k = 2, N = n - 1 = 4), unnormalized undirected.
  // Raw dependencies: from 1, v2 gets 2 (targets 3, 4) and v3 gets 1 (target 4); from 3,
  // symmetrically v2 gets 2 and v1 gets 1. Non-sources scale by N / (k * 2) = 1, sources by
  // N / ((k - 1) * 2) = 2. (NetworkX 3.6.1 prints the same vectors.)
  const std::vector<vertex_t> sources{1, 3};
  expect_scores(verify::reference_betweenness_dependencies(path5(), sources), {0, 1, 4, 1, 0});
  expect_scores(verify::reference_betweenness(path5(), sources, false), {0, 2, 4, 2, 0});
  // Normalized: 1 / (k (N - 1)) = 1/6 for non-sources, 1 / ((k - 1)(N - 1)) = 1/3 for sources.
  expect_scores(verify::reference_betweenness(path5(), sources, true), {0, 1.0 / 3, 4.0 / 6, 1.0 / 3, 0});
  // Endpoints: a source adds its 4 reached targets to itself, every other reached vertex w
  // adds delta(w) + 1. From 1: v0 1, v2 3, v3 2, v4 1; from 3 symmetric. N = n = 5 and all
  // vertices scale alike: by N / (k * 2) = 5/4, or 1 / (k (N - 1)) = 1/8 when normalized.
  expect_scores(verify::reference_betweenness_dependencies(path5(), sources, true), {2, 6, 6, 6, 2});
  expect_scores(verify::reference_betweenness(path5(), sources, false, true), {2.5, 7.5, 7.5, 7.5, 2.5});
  expect_scores(verify::reference_betweenness(path5(), sources, true, true), {0.25, 0.75, 0.75, 0.75, 0.25});
  // Every vertex listed is exact betweenness (NetworkX turns k == n into k = None).
  const std::vector<vertex_t> all{4, 3, 2, 1, 0};
  EXPECT_EQ(as_vector(verify::reference_betweenness(path5(), all)), as_vector(verify::reference_betweenness(path5())));
}

TEST(verify_betweenness, rejects_bad_sources) {
  const std::vector<vertex_t> out_of_range{5};
  EXPECT_THROW(verify::reference_betweenness(path5(), out_of_range), error);
  const std::vector<vertex_t> twice{1, 1};
  EXPECT_THROW(verify::reference_betweenness(path5(), twice), error);
}

TEST(verify_betweenness, compare_reports_first_difference) {
  const csr_graph g = tiny_graph(3, {{0, 1}, {1, 2}}, false);
  const std::vector<double> expected{0, 3, 4}, close{0, 3 + 1e-9, 4}, off{0, 3, 4.5};
  EXPECT_TRUE(verify::compare_betweenness(g, expected, close, 1e-6).ok);
  const auto v = verify::compare_betweenness(g, expected, off, 1e-6);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("vertex 2"), std::string::npos) << v.message;
  EXPECT_FALSE(verify::compare_betweenness(g, expected, std::vector<double>{0, 3}).ok);
}

TEST(verify_betweenness, names_vertices_by_the_input_ids) {
  // A path read from a file whose ids are 100, 200, 300.
  const csr_graph g = test::tiny_graph_with_ids({100, 200, 300}, {{0, 1}, {1, 2}}, false);
  const std::vector<double> expected{0, 1, 0}, off{0, 1, 0.5};
  EXPECT_EQ(verify::compare_betweenness(g, expected, off, 1e-6).message,
            "vertex 300: betweenness 0.5 but expected 0 (tolerance 1e-06)");
  try {
    verify::reference_betweenness(g, std::vector<vertex_t>{1, 1});
    FAIL() << "a source listed twice was accepted";
  } catch (const error& e) {
    EXPECT_EQ(std::string(e.what()), "betweenness source 200 listed twice");
  }
}

// ---- published figures -------------------------------------------------------------------

std::filesystem::path datasets() { return PLEXUS_DATASETS_DIR; }

using test::read_vertex_values;

// LAGraph's figures are printed with 6 significant digits; 1e-4 relative covers that.
void expect_relative(const csr_graph& g, const host_vector<double>& actual,
                     const std::vector<double>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  const auto v = verify::compare_betweenness(g, expected, as_vector(actual), 1e-4);
  EXPECT_TRUE(v.ok) << v.message;
}

TEST(verify_betweenness, karate_matches_lagraph_batch_bc) {
  PLEXUS_SKIP_WITHOUT_DATASET(datasets());
  const csr_graph g = io::read_graph(datasets() / "graphs/karate.mtx");
  const std::vector<vertex_t> sources{6, 29, 0, 9};
  // LAGraph's batch BC is the raw dependency sum over ordered pairs: no halving, no scaling.
  const auto raw = verify::reference_betweenness_dependencies(g, sources);
  expect_relative(g, raw, read_vertex_values(datasets() / "reference/lagraph/karate_bc_4sources.txt"));
  // NetworkX 3.6 betweenness_centrality with that sample (values printed by NetworkX 3.6.1).
  const auto nx = verify::reference_betweenness(g, sources, false);
  EXPECT_NEAR(nx[0], 240.77777777777777, 1e-9);   // a source: raw * 33 / (3 * 2)
  EXPECT_NEAR(nx[33], 167.61904761904762, 1e-9);  // not a source: raw * 33 / (4 * 2)
  const auto nx_norm_ep = verify::reference_betweenness(g, sources, true, true);
  EXPECT_NEAR(nx_norm_ep[2], 0.23419913419913418, 1e-12);
  EXPECT_NEAR(nx_norm_ep[9], 0.2727272727272727, 1e-12);
  // Exact normalized betweenness, NetworkX 3.6.1: vertices 0, 2, 33.
  const auto exact = verify::reference_betweenness(g);
  EXPECT_NEAR(exact[0], 0.43763528138528146, 1e-12);
  EXPECT_NEAR(exact[2], 0.14365680615680618, 1e-12);
  EXPECT_NEAR(exact[33], 0.30407497594997596, 1e-12);
}

TEST(verify_betweenness, west0067_matches_lagraph_batch_bc) {
  PLEXUS_SKIP_WITHOUT_DATASET(datasets());
  // Directed, arc i -> j per entry (i, j), the 2 diagonal entries dropped by the reader.
  io::read_options options;
  options.keep_weights = false;
  const csr_graph g = io::read_graph(datasets() / "graphs/west0067.mtx", options);
  ASSERT_TRUE(g.directed());
  ASSERT_EQ(g.num_edges(), 292u);
  const std::vector<vertex_t> sources{13, 58, 1, 18};
  const auto raw = verify::reference_betweenness_dependencies(g, sources);
  expect_relative(g, raw, read_vertex_values(datasets() / "reference/lagraph/west0067_bc_4sources.txt"));
  // Directed graphs are not halved: NetworkX 3.6.1 unnormalized, vertex 15 (not a source)
  // = raw * 66 / 4, vertex 13 (a source) = raw * 66 / 3.
  const auto nx = verify::reference_betweenness(g, sources, false);
  EXPECT_NEAR(nx[15], 363.7556722689076, 1e-9);
  EXPECT_NEAR(nx[13], 273.3412698412698, 1e-9);
  const auto exact = verify::reference_betweenness(g, {}, true, true);
  EXPECT_NEAR(exact[0], 0.06213743074182625, 1e-12);
  EXPECT_NEAR(exact[15], 0.07786836492702937, 1e-12);
}

}  // namespace
}  // namespace plexus
