// Result files (io/result_writer.hpp): a header line naming the columns, then values that read
// back bit for bit, each written as the shortest text that does.
#include "plexus/io/result_writer.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "graph_test_files.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus::io {
namespace {

std::vector<std::string> lines_of(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// The fields of a line, split at tabs.
std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream cells(line);
  for (std::string cell; std::getline(cells, cell, '\t');) fields.push_back(cell);
  return fields;
}

/// A graph of `n` vertices with the input ids 1..n (a path, so that every vertex is one).
csr_graph path_graph(test::graph_temp_dir& dir, int n) {
  std::string text = "# Undirected graph\n";
  for (int v = 1; v < n; ++v) text += std::to_string(v) + " " + std::to_string(v + 1) + "\n";
  return read_graph(dir.write("path.txt", text));
}

TEST(result_writer, reals_read_back_bit_for_bit_in_their_shortest_text) {
  test::graph_temp_dir dir;
  const std::vector<double> values = {0.15,
                                      1.0 / 3,
                                      0.1 + 0.2,
                                      2.0 / 3,
                                      1e-7,
                                      5e-324,  // the smallest subnormal
                                      std::numeric_limits<double>::max(),
                                      123456789.125,
                                      0.0,
                                      1.0};
  const csr_graph graph = path_graph(dir, static_cast<int>(values.size()));
  const auto path = dir.path() / "reals.tsv";
  write_vertex_reals(path, graph, values, "lcc");
  const std::vector<std::string> lines = lines_of(path);
  ASSERT_EQ(lines.size(), values.size() + 1);
  EXPECT_EQ(lines[0], "# vertex\tlcc");
  for (std::size_t v = 0; v < values.size(); ++v) {
    const std::vector<std::string> fields = fields_of(lines[v + 1]);
    ASSERT_EQ(fields.size(), 2u) << lines[v + 1];
    EXPECT_EQ(fields[0], std::to_string(v + 1));
    const double back = std::strtod(fields[1].c_str(), nullptr);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(back), std::bit_cast<std::uint64_t>(values[v])) << fields[1];
  }
  EXPECT_EQ(lines[1], "1\t0.15");
  EXPECT_EQ(lines[2], "2\t0.3333333333333333");
  EXPECT_EQ(lines[3], "3\t0.30000000000000004");
  EXPECT_EQ(lines[10], "10\t1");
}

TEST(result_writer, distances_read_back_as_the_same_float_and_unreached_as_inf) {
  test::graph_temp_dir dir;
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<weight_t> distance = {0.0f,   0.1f, 1.0f / 3, std::numeric_limits<float>::max(),
                                          1e-45f, inf};
  const csr_graph graph = path_graph(dir, static_cast<int>(distance.size()));
  const std::vector<vertex_t> parent = {0, 0, 1, 2, 3, invalid_vertex};
  const auto path = dir.path() / "sssp.tsv";
  write_sssp_result(path, graph, distance, parent);
  const std::vector<std::string> lines = lines_of(path);
  ASSERT_EQ(lines.size(), distance.size() + 1);
  EXPECT_EQ(lines[0], "# vertex\tdistance\tparent");
  for (std::size_t v = 0; v < distance.size(); ++v) {
    const std::vector<std::string> fields = fields_of(lines[v + 1]);
    ASSERT_EQ(fields.size(), 3u) << lines[v + 1];
    const float back = std::strtof(fields[1].c_str(), nullptr);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(back), std::bit_cast<std::uint32_t>(distance[v])) << fields[1];
  }
  EXPECT_EQ(lines[2], "2\t0.1\t1");
  EXPECT_EQ(lines[6], "6\tinf\t-1");
}

TEST(result_writer, distances_named_by_input_ids_are_the_graphs_file) {
  // A distributed run names its vertices and their parents by input id: the same bytes.
  test::graph_temp_dir dir;
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<weight_t> distance = {0.0f, 0.5f, 2.25f, inf};
  const csr_graph graph = path_graph(dir, static_cast<int>(distance.size()));
  write_sssp_result(dir.path() / "graph.tsv", graph, distance,
                    std::vector<vertex_t>{0, 0, 1, invalid_vertex});
  const std::vector<std::uint64_t> ids = {1, 2, 3, 4}, parent_ids = {1, 1, 2, kNoParent};
  write_sssp_result(dir.path() / "names.tsv", vertex_names(4, ids), distance, parent_ids);
  EXPECT_EQ(lines_of(dir.path() / "names.tsv"), lines_of(dir.path() / "graph.tsv"));
  EXPECT_EQ(lines_of(dir.path() / "names.tsv"),
            (std::vector<std::string>{"# vertex\tdistance\tparent", "1\t0\t1", "2\t0.5\t1", "3\t2.25\t2",
                                      "4\tinf\t-1"}));
}

TEST(result_writer, every_file_names_its_columns_in_a_comment_line) {
  test::graph_temp_dir dir;
  const csr_graph graph = path_graph(dir, 3);
  const std::vector<vertex_t> depth = {0, 1, invalid_vertex}, parent = {0, 0, invalid_vertex};
  write_bfs_result(dir.path() / "bfs.tsv", graph, depth, parent);
  EXPECT_EQ(lines_of(dir.path() / "bfs.tsv"),
            (std::vector<std::string>{"# vertex\tdepth\tparent", "1\t0\t1", "2\t1\t1", "3\t-1\t-1"}));
  const std::vector<vertex_t> label = {0, 0, 2};
  write_vertex_labels(dir.path() / "cc.tsv", graph, label, "component");
  EXPECT_EQ(lines_of(dir.path() / "cc.tsv"),
            (std::vector<std::string>{"# vertex\tcomponent", "1\t1", "2\t1", "3\t3"}));
  const std::vector<std::uint64_t> count = {4, 0, 7};
  write_vertex_counts(dir.path() / "tc.tsv", graph, count, "triangles");
  EXPECT_EQ(lines_of(dir.path() / "tc.tsv"),
            (std::vector<std::string>{"# vertex\ttriangles", "1\t4", "2\t0", "3\t7"}));
  const std::vector<std::pair<vertex_t, vertex_t>> pairs = {{0, 1}, {1, 2}};
  const std::vector<double> score = {0.2, 0.15};
  write_scored_pairs(dir.path() / "jaccard.tsv", graph, pairs, score, "jaccard");
  EXPECT_EQ(lines_of(dir.path() / "jaccard.tsv"),
            (std::vector<std::string>{"# u\tv\tjaccard", "1\t2\t0.2", "2\t3\t0.15"}));
}

}  // namespace
}  // namespace plexus::io
