// Triangle-counting reference: hand-counted tiny graphs, a brute-force O(n^3) check on
// random graphs, and the triangle counts of MANIFEST.md table 2 for every shared dataset.
#include "plexus/algorithms/tc/tc_verify.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>
#include <optional>
#include <random>
#include <vector>

#include "dataset_figures.hpp"
#include "plexus/core/error.hpp"
#include "plexus/io/read_graph.hpp"
#include "skip_reasons.hpp"
#include "tiny_graph.hpp"

namespace plexus {
namespace {

using test::tiny_graph;

std::vector<std::uint64_t> per_vertex(const csr_graph& g) {
  const auto c = verify::reference_triangles_per_vertex(g);
  return {c.begin(), c.end()};
}

TEST(verify_triangles, complete_graph_k4) {
  const csr_graph k4 = tiny_graph(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}, false);
  EXPECT_EQ(verify::reference_triangle_count(k4), 4u);
  EXPECT_EQ(per_vertex(k4), (std::vector<std::uint64_t>{3, 3, 3, 3}));
}

TEST(verify_triangles, two_triangles_sharing_an_edge_plus_a_tail) {
  // 0-1-2 and 1-2-3 share 1-2; 3-4 closes nothing.
  const csr_graph g = tiny_graph(5, {{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}, {3, 4}}, false);
  EXPECT_EQ(verify::reference_triangle_count(g), 2u);
  EXPECT_EQ(per_vertex(g), (std::vector<std::uint64_t>{1, 2, 2, 1, 0}));
}

TEST(verify_triangles, loops_and_parallel_edges_are_ignored) {
  const csr_graph g = tiny_graph(3, {{0, 1}, {0, 1}, {1, 2}, {2, 0}, {0, 0}, {2, 2}}, false);
  EXPECT_EQ(verify::reference_triangle_count(g), 1u);
  EXPECT_EQ(per_vertex(g), (std::vector<std::uint64_t>{1, 1, 1}));
}

TEST(verify_triangles, directed_graphs_are_refused) {
  EXPECT_THROW(verify::reference_triangle_count(tiny_graph(3, {{0, 1}, {1, 2}, {2, 0}}, true)), error);
}

TEST(verify_triangles, matches_brute_force_on_random_graphs) {
  std::mt19937 rng(12345);
  for (int trial = 0; trial < 5; ++trial) {
    const vertex_t n = 40 + 10 * trial;
    std::bernoulli_distribution coin(0.1 + 0.05 * trial);
    std::vector<std::vector<bool>> adj(n, std::vector<bool>(n, false));
    std::vector<test::arc> arcs;
    for (vertex_t u = 0; u < n; ++u)
      for (vertex_t v = u + 1; v < n; ++v)
        if (coin(rng)) {
          adj[u][v] = adj[v][u] = true;
          arcs.push_back({u, v});
        }
    std::uint64_t total = 0;
    std::vector<std::uint64_t> corner(n, 0);
    for (vertex_t a = 0; a < n; ++a)
      for (vertex_t b = a + 1; b < n; ++b)
        for (vertex_t c = b + 1; c < n; ++c)
          if (adj[a][b] && adj[b][c] && adj[a][c]) {
            ++total;
            ++corner[a];
            ++corner[b];
            ++corner[c];
          }
    const csr_graph g = tiny_graph(n, arcs, false);
    EXPECT_EQ(verify::reference_triangle_count(g), total) << "trial " << trial;
    EXPECT_EQ(per_vertex(g), corner) << "trial " << trial;
  }
}

TEST(verify_triangles, compare_reports_first_difference) {
  const csr_graph g = tiny_graph(4, {{0, 1}, {0, 2}, {1, 2}, {2, 3}}, false);
  EXPECT_TRUE(verify::compare_triangles_per_vertex(g, std::vector<std::uint64_t>{1, 1, 1, 0}).ok);
  const auto v = verify::compare_triangles_per_vertex(g, std::vector<std::uint64_t>{1, 1, 1, 1});
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("vertex 3"), std::string::npos) << v.message;
}

TEST(verify_triangles, names_vertices_by_the_input_ids) {
  // The graph above read from a file whose ids are 1..4 (Matrix Market numbering).
  const csr_graph g = test::tiny_graph_with_ids({1, 2, 3, 4}, {{0, 1}, {0, 2}, {1, 2}, {2, 3}}, false);
  EXPECT_EQ(verify::compare_triangles_per_vertex(g, std::vector<std::uint64_t>{1, 1, 1, 1}).message,
            "vertex 4: 1 triangles but the reference counts 0");
}

// ---- MANIFEST.md table 2: triangles of the simple undirected graph -----------------------

using test::triangle_case;
const auto& kCases = test::kManifestTriangles;

class triangle_reference_datasets : public ::testing::TestWithParam<triangle_case> {};

std::filesystem::path graphs_dir() { return std::filesystem::path(PLEXUS_DATASETS_DIR) / "graphs"; }

TEST_P(triangle_reference_datasets, count_matches_the_manifest) {
  const triangle_case& c = GetParam();
  PLEXUS_SKIP_WITHOUT_DATASET(graphs_dir());
  io::read_options options;
  options.format = c.format;
  options.directed = false;  // symmetrize directed inputs; the reader drops loops and duplicates
  options.compact_ids = c.compact_ids;
  options.keep_weights = false;
  const csr_graph g = io::read_graph(graphs_dir() / c.file, options);
  EXPECT_EQ(verify::reference_triangle_count(g), c.triangles);
  const auto corners = verify::reference_triangles_per_vertex(g);
  EXPECT_EQ(std::accumulate(corners.begin(), corners.end(), std::uint64_t{0}), 3 * c.triangles);
}

std::string case_name(const ::testing::TestParamInfo<triangle_case>& info) {
  std::string name = info.param.file;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(manifest, triangle_reference_datasets, ::testing::ValuesIn(kCases), case_name);

TEST(triangle_datasets_extra, karate_corners_match_networkx) {
  PLEXUS_SKIP_WITHOUT_DATASET(graphs_dir());
  const auto c = per_vertex(io::read_graph(graphs_dir() / "karate.mtx"));
  // networkx.triangles(karate_club_graph()) for vertices 0..5 and 33.
  EXPECT_EQ(std::vector<std::uint64_t>(c.begin(), c.begin() + 6), (std::vector<std::uint64_t>{18, 12, 11, 10, 2, 3}));
  EXPECT_EQ(c[33], 15u);
}

}  // namespace
}  // namespace plexus
