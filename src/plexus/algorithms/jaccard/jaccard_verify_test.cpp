// Jaccard reference: hand-computed scores per arc and per pair (matching
// networkx.jaccard_coefficient), top-k selection with ties, and karate values printed by
// NetworkX 3.6.1.
#include "plexus/algorithms/jaccard/jaccard_verify.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <utility>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/io/read_graph.hpp"
#include "skip_reasons.hpp"
#include "tiny_graph.hpp"

namespace plexus {
namespace {

using test::tiny_graph;
using pair_list = std::vector<std::pair<vertex_t, vertex_t>>;

std::vector<double> as_vector(const host_vector<double>& v) { return {v.begin(), v.end()}; }

// Triangle 0-1-2 with vertex 3 hanging off 0, and isolated vertex 4.
// N(0) = {1,2,3}, N(1) = {0,2}, N(2) = {0,1}, N(3) = {0}, N(4) = {}.
csr_graph paw() { return tiny_graph(5, {{0, 1}, {0, 2}, {1, 2}, {0, 3}}, false); }

TEST(verify_jaccard, per_arc_scores_follow_the_csr) {
  // Rows: 0 -> [1, 2, 3], 1 -> [0, 2], 2 -> [0, 1], 3 -> [0].
  // J(0,1) = |{2}| / |{0,1,2,3}| = 1/4, J(1,2) = |{0}| / |{0,1,2}| = 1/3, J(0,3) = 0 / 4.
  EXPECT_EQ(as_vector(verify::reference_jaccard(paw())),
            (std::vector<double>{0.25, 0.25, 0.0, 0.25, 1.0 / 3, 0.25, 1.0 / 3, 0.0}));
}

TEST(verify_jaccard, path_edges_share_no_neighbours) {
  const auto j = verify::reference_jaccard(tiny_graph(4, {{0, 1}, {1, 2}, {2, 3}}, false));
  for (double x : j) EXPECT_EQ(x, 0.0);
}

TEST(verify_jaccard, pairs_need_not_be_edges) {
  const pair_list pairs{{1, 3}, {3, 1}, {3, 3}, {4, 4}, {0, 4}, {0, 1}};
  // J(1,3) = |{0}| / |{0,2}|; J(3,3) = 1; an empty union scores 0 as in networkx.
  EXPECT_EQ(as_vector(verify::reference_jaccard_pairs(paw(), pairs)),
            (std::vector<double>{0.5, 0.5, 1.0, 0.0, 0.0, 0.25}));
  EXPECT_THROW(verify::reference_jaccard_pairs(paw(), pair_list{{0, 5}}), error);
}

TEST(verify_jaccard, repeated_neighbours_count_once_and_loops_join_the_union_only) {
  // Edge 0-1 stored twice plus 1-2: N(0) = {1}, N(1) = {0, 2}: J(0,1) = 0.
  const auto j = verify::reference_jaccard(tiny_graph(3, {{0, 1}, {0, 1}, {1, 2}}, false));
  for (double x : j) EXPECT_EQ(x, 0.0);
  // A loop at 1 puts 1 in N(1) = {0, 1}, N(0) = {1}. 1 is common to both sets but is an end of
  // the pair, which NetworkX's common neighbours leave out: J(0,1) = 0 / |{0,1}|, J(1,1) =
  // |{0}| / 2, J(0,0) = 1 (nx.jaccard_coefficient(nx.Graph([(0,1),(1,1)]), ...), NetworkX 3.6.1).
  const auto loop = verify::reference_jaccard_pairs(tiny_graph(2, {{0, 1}, {1, 1}}, false),
                                                    pair_list{{0, 1}, {1, 1}, {0, 0}});
  EXPECT_EQ(as_vector(loop), (std::vector<double>{0.0, 0.5, 1.0}));
}

TEST(verify_jaccard, directed_graphs_are_refused) {
  EXPECT_THROW(verify::reference_jaccard(tiny_graph(2, {{0, 1}}, true)), error);
}

TEST(verify_jaccard, top_k_orders_by_score_then_id) {
  const auto one = verify::reference_top_k_jaccard(paw(), 1);
  // 0: J(0,1) = J(0,2) = 1/4 tie -> 1; 1: J(1,2) = 1/3 > J(1,0); 2: 1; 3: 0; 4: nothing.
  EXPECT_EQ(std::vector<edge_t>(one.offsets.begin(), one.offsets.end()), (std::vector<edge_t>{0, 1, 2, 3, 4, 4}));
  EXPECT_EQ(std::vector<vertex_t>(one.neighbors.begin(), one.neighbors.end()), (std::vector<vertex_t>{1, 2, 1, 0}));
  EXPECT_EQ(as_vector(one.scores), (std::vector<double>{0.25, 1.0 / 3, 1.0 / 3, 0.0}));
  const auto all = verify::reference_top_k_jaccard(paw(), 10);
  EXPECT_EQ(std::vector<vertex_t>(all.neighbors.begin(), all.neighbors.end()),
            (std::vector<vertex_t>{1, 2, 3, 2, 0, 1, 0, 0}));
  EXPECT_EQ(verify::reference_top_k_jaccard(paw(), 0).neighbors.size(), 0u);
}

TEST(verify_jaccard, compare_reports_first_difference) {
  const csr_graph g = paw();
  std::vector<double> scores = as_vector(verify::reference_jaccard(g));
  EXPECT_TRUE(verify::compare_jaccard(g, scores).ok);
  scores[4] = 0.3;
  const auto v = verify::compare_jaccard(g, scores);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("1 -> 2"), std::string::npos) << v.message;
  scores.pop_back();
  EXPECT_FALSE(verify::compare_jaccard(g, scores).ok);
}

TEST(verify_jaccard, names_vertices_by_the_input_ids) {
  // The paw read from a file whose ids are 100, 200, ..., 500.
  const csr_graph g =
      test::tiny_graph_with_ids({100, 200, 300, 400, 500}, {{0, 1}, {0, 2}, {1, 2}, {0, 3}}, false);
  std::vector<double> scores = as_vector(verify::reference_jaccard(g));
  scores[4] = 0.3;
  EXPECT_EQ(verify::compare_jaccard(g, scores).message,
            "arc 4 (200 -> 300): jaccard 0.3 but expected 0.3333333333333333");
  EXPECT_EQ(verify::compare_pair_scores(g, pair_list{{1, 3}}, std::vector<double>{0.25}).message,
            "pair (200, 400): score 0.25 but the reference gives 0.5");
}

TEST(verify_jaccard, karate_matches_networkx) {
  const std::filesystem::path karate = std::filesystem::path(PLEXUS_DATASETS_DIR) / "graphs/karate.mtx";
  PLEXUS_SKIP_WITHOUT_DATASET(karate);
  const csr_graph g = io::read_graph(karate);
  // networkx.jaccard_coefficient(karate_club_graph(), ...), NetworkX 3.6.1.
  const auto j = verify::reference_jaccard_pairs(g, pair_list{{0, 1}, {0, 33}, {32, 33}, {5, 6}});
  EXPECT_DOUBLE_EQ(j[0], 0.3888888888888889);
  EXPECT_DOUBLE_EQ(j[1], 0.13793103448275862);
  EXPECT_DOUBLE_EQ(j[2], 0.5263157894736842);
  EXPECT_DOUBLE_EQ(j[3], 0.3333333333333333);
  // Per-arc scores agree with the pair form and are symmetric.
  const auto arcs = verify::reference_jaccard(g);
  for (vertex_t u = 0; u < g.num_vertices(); ++u)
    for (edge_t e = g.offsets()[u]; e < g.offsets()[u + 1]; ++e) {
      const vertex_t v = g.indices()[e];
      ASSERT_EQ(arcs[e], verify::reference_jaccard_pairs(g, pair_list{{v, u}})[0]) << u << " " << v;
    }
}

}  // namespace
}  // namespace plexus
