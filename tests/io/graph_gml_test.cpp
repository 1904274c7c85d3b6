// GML reader: hand-written files with known arcs (ids renumbered in increasing order,
// directedness, weights from `weight` or `value`, skipped attributes, nested lists,
// comments, strings with escapes and brackets), and one malformed file per failure mode
// with its "file:line:".
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "graph_test_files.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus::io {
namespace {

using test::arc;
using test::arcs_of;
using test::expect_error_at;

class graph_gml : public ::testing::Test {
 protected:
  test::graph_temp_dir dir;

  std::filesystem::path file(const std::string& name, const std::string& text) { return dir.write(name, text); }
  void expect_error(const std::string& text, std::size_t line, const std::string& fragment) {
    const auto path = file("bad.gml", text);
    expect_error_at([&] { read_edge_list(path); }, path, line, fragment);
  }
};

std::vector<std::uint64_t> ids_of(const edge_list& e) { return {e.original_ids.begin(), e.original_ids.end()}; }

TEST_F(graph_gml, undirected_by_default_with_sparse_ids_renumbered) {
  const auto path = file("g.gml",
                         "Creator \"hand ] written [\"\n"
                         "# a comment line with [ brackets\n"
                         "graph [\n"
                         "  node [ id 30 label \"thirty\" value 7 ]\n"
                         "  node [\n"
                         "    id 10\n"
                         "    label \"say \\\"hi\\\" ]\"\n"
                         "    graphics [ x 1.5 y -2 inner [ a 1 ] ]\n"
                         "  ]\n"
                         "  node [ id 20 ]\n"
                         "  edge [ source 30 target 10 ]\n"
                         "  edge [ source 10 target 20 label \"e\" ]\n"
                         "  edge [ source 20 target 20 ]\n"
                         "]\n");
  const edge_list e = read_edge_list(path);
  EXPECT_FALSE(e.directed);
  EXPECT_FALSE(e.weighted());
  EXPECT_EQ(e.num_vertices, 3u);
  EXPECT_EQ(ids_of(e), (std::vector<std::uint64_t>{10, 20, 30}));
  EXPECT_EQ(arcs_of(e), (std::vector<arc>{{2, 0, 0}, {0, 1, 0}, {1, 1, 0}}));

  read_options directed;
  directed.directed = true;
  const edge_list d = read_edge_list(path, directed);
  EXPECT_TRUE(d.directed);
  EXPECT_EQ(arcs_of(d), (std::vector<arc>{{2, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 2, 0}, {1, 0, 0}}));

  read_options keep;
  keep.compact_ids = false;
  const edge_list k = read_edge_list(path, keep);
  EXPECT_EQ(k.num_vertices, 31u);
  EXPECT_TRUE(k.original_ids.empty());
  EXPECT_EQ(arcs_of(k), (std::vector<arc>{{30, 10, 0}, {10, 20, 0}, {20, 20, 0}}));
}

TEST_F(graph_gml, directed_weights_and_isolated_nodes) {
  const auto path = file("w.gml",
                         "graph [ directed 1 comment \"x\"\n"
                         "node [ id 0 ] node [ id 1 ] node [ id 2 ] node [ id 5 ]\n"
                         "edge [ source 1 target 0 weight 2.5 value 9 ]\n"
                         "edge [ target 2 source 0 value -3 ]\n"
                         "]");
  const edge_list e = read_edge_list(path);
  EXPECT_TRUE(e.directed);
  EXPECT_EQ(e.num_vertices, 4u);  // node 5 has no edge but is a vertex
  EXPECT_EQ(arcs_of(e), (std::vector<arc>{{1, 0, 2.5f}, {0, 2, -3.0f}}));

  read_options no_weights;
  no_weights.keep_weights = false;
  EXPECT_FALSE(read_edge_list(path, no_weights).weighted());
  read_options undirected;
  undirected.directed = false;
  EXPECT_FALSE(read_edge_list(path, undirected).directed);

  const csr_graph g = read_graph(path);
  EXPECT_EQ(g.num_vertices(), 4u);
  EXPECT_TRUE(g.directed());
  EXPECT_EQ(g.num_logical_edges(), 2u);
}

TEST_F(graph_gml, edges_may_come_before_nodes_and_format_is_named) {
  const auto path = file("order.gml", "graph [ edge [ source 7 target 3 ] node [ id 3 ] node [ id 7 ] ]");
  EXPECT_EQ(arcs_of(read_edge_list(path)), (std::vector<arc>{{1, 0, 0}}));
  EXPECT_EQ(format_from_extension("a/b.GML"), graph_format::gml);
  EXPECT_EQ(format_from_extension("b.gml.gz"), graph_format::gml);
  EXPECT_EQ(parse_graph_format("gml"), graph_format::gml);
  EXPECT_EQ(to_string(graph_format::gml), "gml");
  const auto gz = dir.write_gz("z.gml.gz", "graph [ node [ id 1 ] node [ id 2 ] edge [ source 1 target 2 ] ]\n");
  EXPECT_EQ(read_edge_list(gz).size(), 1u);
  const edge_list empty = read_edge_list(file("empty.gml", "graph [ ]"));
  EXPECT_EQ(empty.num_vertices, 0u);
  EXPECT_EQ(empty.size(), 0u);
}

TEST_F(graph_gml, malformed_files_name_the_line) {
  expect_error("# only a comment\n", 2, "no 'graph [ ... ]' list");
  expect_error("Creator \"x\"\n", 2, "no 'graph [ ... ]' list");
  expect_error("graph [\n node [ id 1 ]\n", 1, "'graph [' is never closed");
  expect_error("graph [\n node [ label \"a\" ]\n]\n", 2, "node has no 'id'");
  expect_error("graph [\n node [ id 1 ]\n node [ id 1 ]\n]\n", 3, "node id 1 is declared twice");
  expect_error("graph [\n node [ id 1 ]\n edge [ source 1\n target 4 ]\n]\n", 4, "edge target 4 is not the id of a node");
  expect_error("graph [\n node [ id 1 ]\n edge [ target 1 ]\n]\n", 3, "edge has no 'source'");
  expect_error("graph [\n node [ id 1x ]\n]\n", 2, "node id '1x' is not an integer");
  expect_error("graph [\n node [ id x1 ]\n]\n", 2, "key 'id' has no value");
  expect_error("graph [\n node [ id 1.5 ]\n]\n", 2, "node id '1.5' is not an integer");
  expect_error("graph [\n node [ id \"1\" ]\n]\n", 2, "node id '\"1\"' is not an integer");
  expect_error("graph [\n node [ id -4 ]\n]\n", 2, "node id -4 is negative");
  expect_error("graph [\n node [ id 99999999999999999999 ]\n]\n", 2, "out of range");
  expect_error("graph [ directed 2\n]\n", 1, "directed must be 0 or 1");
  expect_error("graph [\n node [ id 1 label \"unterminated ]\n]\n", 2, "string literal is never closed");
  expect_error("graph [\n node [ id 1 ]\n node 3\n]\n", 3, "'node' must be a list");
  expect_error("graph [\n node [ id 1 id 2 ]\n]\n", 2, "node has two ids");
  expect_error("graph [\n node [ id ]\n]\n", 2, "key 'id' has no value");
  expect_error("graph [\n node [ id 1 ] ]\n]\n", 3, "unexpected ']'");
  expect_error("graph [\n node [ id 1 ]\n @\n]\n", 3, "unexpected character '@'");
  expect_error("graph [\n 5 node [ id 1 ]\n]\n", 2, "expected a key, found '5'");
  expect_error("graph [\n node [ id 1 ]\n edge [ source 1 target 1 weight 2 ]\n edge [ source 1 target 1 ]\n]\n", 4,
               "this edge has no weight but earlier edges have one");
  expect_error("graph [\n node [ id 1 ]\n edge [ source 1 target 1 weight -nan ]\n]\n", 3, "'-nan' is not a number");
  expect_error("graph [\n node [ id 1 ]\n edge [ source 1 target 1 weight 1.2.3 ]\n]\n", 3, "edge weight '1.2.3' is not a number");
  expect_error("graph [\n x [ a [ b 1 ]\n", 2, "list opened here is never closed");
}

}  // namespace
}  // namespace plexus::io
