// The LCC reference on hand-made graphs with known values (lcc_test_graphs.hpp), and the
// verifier accepting the right values and rejecting each kind of wrong ones (lcc_verify.hpp
// lists the checks).
#include "plexus/algorithms/lcc/lcc_verify.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "plexus/algorithms/lcc/lcc_test_graphs.hpp"

namespace plexus {
namespace {

TEST(reference_lcc, known_graphs) {
  for (const test::known_lcc& k : test::known_lcc_graphs()) {
    const auto lcc = verify::reference_lcc(k.graph);
    ASSERT_EQ(lcc.size(), k.lcc.size()) << k.name;
    for (std::size_t v = 0; v < k.lcc.size(); ++v) EXPECT_NEAR(lcc[v], k.lcc[v], 1e-15) << k.name << ", vertex " << v;
    const auto verdict = verify::lcc(k.graph, lcc);
    EXPECT_TRUE(verdict.ok) << k.name << ": " << verdict.message;
  }
}

TEST(reference_lcc, directed_graph_without_reverse_csr_uses_a_transpose) {
  // example-directed without its reverse CSR: the same values.
  const auto known = test::known_lcc_graphs().front();
  const csr_graph bare(csr_arrays(known.graph.out()), true);
  ASSERT_FALSE(bare.has_in_edges());
  const auto lcc = verify::reference_lcc(bare);
  for (std::size_t v = 0; v < known.lcc.size(); ++v) EXPECT_NEAR(lcc[v], known.lcc[v], 1e-15) << "vertex " << v;
}

TEST(verify_lcc, rejects_wrong_sizes_ranges_and_values) {
  const csr_graph g = test::tiny_graph(5, {{0, 1}, {1, 2}, {2, 0}, {0, 3}}, false);
  const std::vector<double> right{1.0 / 3, 1, 1, 0, 0};
  EXPECT_TRUE(verify::lcc(g, right).ok);
  auto expect_fail = [&](std::vector<double> values, const std::string& mentions) {
    const auto verdict = verify::lcc(g, values);
    EXPECT_FALSE(verdict.ok);
    EXPECT_NE(verdict.message.find(mentions), std::string::npos) << verdict.message;
  };
  expect_fail({1.0 / 3, 1, 1, 0}, "4 entries");
  expect_fail({1.0 / 3, 1.5, 1, 0, 0}, "vertex 1: lcc 1.5 outside [0, 1]");
  expect_fail({1.0 / 3, 1, 1, 0.5, 0}, "vertex 3: lcc 0.5 with 1 neighbours, expected 0");
  expect_fail({0.5, 1, 1, 0, 0}, "vertex 0: lcc 0.5, expected 0.333");
}

TEST(verify_lcc, names_vertices_by_the_input_ids) {
  // The graph above read from a file whose ids are 5, 10, 15, 20, 25.
  const csr_graph g = test::tiny_graph_with_ids({5, 10, 15, 20, 25}, {{0, 1}, {1, 2}, {2, 0}, {0, 3}}, false);
  EXPECT_EQ(verify::lcc(g, std::vector<double>{1.0 / 3, 1.5, 1, 0, 0}).message,
            "vertex 10: lcc 1.5 outside [0, 1]");
  EXPECT_EQ(verify::lcc(g, std::vector<double>{1.0 / 3, 1, 1, 0.5, 0}).message,
            "vertex 20: lcc 0.5 with 1 neighbours, expected 0");
  EXPECT_EQ(verify::lcc(g, std::vector<double>{1.0 / 3, 1, 0.5, 0, 0}).message,
            "vertex 15: lcc 0.5, expected 1");
}

}  // namespace
}  // namespace plexus
