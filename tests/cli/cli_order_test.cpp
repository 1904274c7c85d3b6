// Results do not depend on the vertex order: every algorithm run with --order input and with
// --order degree writes the same --out file (byte for byte; PageRank and betweenness within a
// relative 1e-9, see order_comparison.hpp), and --validate passes both ways, on hand-made
// graphs full of ties and on generated Kronecker graphs. The real datasets are in
// cli_order_datasets_test.cpp.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "cli_support.hpp"
#include "order_comparison.hpp"

namespace {

using namespace plexus_cli_test;

std::string write_file(const std::string& name, const std::string& text) {
  const fs::path path = scratch(name);
  std::ofstream(path) << text;
  return path.string();
}

/// A 5x5 grid (ties everywhere: equal degrees, equal Jaccard scores, many shortest paths)
/// plus a hub joined to the four corners and a separate triangle, in SNAP form with sparse
/// ids that decrease along the grid, so both the reader's renumbering and degree order move
/// every vertex: the hub has the largest id and interior vertices come last in the input.
std::string ties_graph() {
  std::string text = "# Undirected graph: 5x5 grid, hub, triangle\n";
  const auto id = [](int row, int column) { return 1000 - 7 * (5 * row + column); };
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      if (c + 1 < 5) text += std::to_string(id(r, c)) + "\t" + std::to_string(id(r, c + 1)) + "\n";
      if (r + 1 < 5) text += std::to_string(id(r, c)) + "\t" + std::to_string(id(r + 1, c)) + "\n";
    }
  for (const int corner : {id(0, 0), id(0, 4), id(4, 0), id(4, 4)})
    text += "5000\t" + std::to_string(corner) + "\n";
  text += "3\t4\n4\t5\n5\t3\n";
  return write_file("ties.txt", text);
}

/// Pairs for --pairs on ties_graph: edges, non-edges, a vertex with itself, across components.
std::string ties_pairs() {
  return write_file("ties_pairs.txt", "1000 993\n1000 958\n832 5000\n3 5\n4 4\n1000 3\n965 930\n");
}

/// A directed weighted graph whose shortest paths tie everywhere: two equal routes into 3,
/// zero-weight cycles (3 <-> 4, 4 <-> 5) that reach every vertex of the cycle at one distance,
/// and a hub 9 that degree order moves first.
std::string ties_directed_graph() {
  return write_file("ties.wel",
                    "0 1 1\n0 2 1\n1 3 1\n2 3 1\n3 4 0\n4 3 0\n4 5 0\n5 4 0\n3 6 2\n5 6 2\n4 7 1\n6 7 0\n"
                    "9 0 5\n9 1 5\n9 2 5\n9 3 5\n9 4 5\n9 5 5\n9 6 5\n9 7 5\n9 8 5\n8 9 1\n7 8 3\n");
}

TEST(cli_order, hand_made_undirected_graph_with_ties) {
  expect_undirected_algorithms_order_independent(ties_graph(), ties_pairs());
}

TEST(cli_order, hand_made_directed_weighted_graph_with_zero_weight_cycles) {
  const std::string graph = ties_directed_graph() + " --directed";
  expect_directed_algorithms_order_independent(graph);
  expect_order_independent("sssp", graph, "-s 9");
  expect_order_independent("bfs", graph, "-s 9");
}

// A .plx cache written in degree order is the same graph numbered another way: every result
// equals the one on the file it was converted from, random weights included.
TEST(cli_order, degree_ordered_plx_gives_the_results_of_its_source) {
  const std::string source = ties_graph();
  const std::string cache = scratch("ties_degree.plx").string();
  const cli_result converted = run_cli("convert " + source + " -o " + cache + " --order degree");
  ASSERT_EQ(converted.status, 0) << converted.out << converted.err;
  for (const auto& [algorithm, options] :
       std::vector<std::pair<std::string, std::string>>{{"bfs", "-s 1000"},
                                                        {"sssp", "-s 1000 --random-weights"},
                                                        {"cc", ""},
                                                        {"lp", "--variant cdlp --max-iter 10"},
                                                        {"lp", ""},
                                                        {"jaccard", ""},
                                                        {"jaccard", "--top-k 2"},
                                                        {"tc", ""},
                                                        {"kcore", ""}})
    expect_same_results(validated_output(algorithm, source, options),
                        validated_output(algorithm, cache, options), 0, algorithm + " " + options);
}

TEST(cli_order, kronecker_graph) {
  const std::string pairs = write_file("kron_pairs.txt", "0 1\n2 3\n5 8\n13 21\n34 55\n89 144\n");
  expect_undirected_algorithms_order_independent("kron:10:8", pairs, "-k 40 --seed 5");
}

TEST(cli_order, directed_kronecker_graph) {
  expect_directed_algorithms_order_independent("kron:9:8 --directed");
  expect_order_independent("sssp", "kron:9:8 --directed", "--random-weights");
}

}  // namespace
