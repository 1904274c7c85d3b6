// Vertex ids as the input writes them: formats numbered from 1, KONECT bipartite files,
// Graphalytics vertex files; and what else reading decides: the direction and why, the
// weight column, self-loops.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "graph_test_files.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus::io {
namespace {

using test::arc;
using test::arcs_of;
using test::expect_error_at;
using test::sorted;

std::vector<std::uint64_t> ids_of(const edge_list& e) {
  return {e.original_ids.begin(), e.original_ids.end()};
}
std::vector<std::uint64_t> ids_of(const csr_graph& g) {
  return {g.original_ids().begin(), g.original_ids().end()};
}

TEST(read_graph, one_based_formats_keep_their_ids) {
  test::graph_temp_dir dir;
  const std::vector<std::uint64_t> one_to_four{1, 2, 3, 4};
  const auto mtx = dir.write("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n4 4 2\n1 2\n4 3\n");
  EXPECT_EQ(ids_of(read_edge_list(mtx)), one_to_four);
  EXPECT_EQ(ids_of(read_graph(mtx)), one_to_four);
  const auto gr = dir.write("g.gr", "p sp 4 2\na 1 2 5\na 4 3 6\n");
  EXPECT_EQ(ids_of(read_edge_list(gr)), one_to_four);
  const auto metis = dir.write("g.graph", "4 2\n2\n1\n4\n3\n");
  EXPECT_EQ(ids_of(read_edge_list(metis)), one_to_four);
  const auto konect = dir.write("g.konect", "% asym unweighted\n1 2\n4 3\n");
  read_options keep;
  keep.compact_ids = false;
  EXPECT_EQ(ids_of(read_edge_list(konect, keep)), one_to_four);
  EXPECT_EQ(ids_of(read_edge_list(konect)), one_to_four);
  // Renumbering a 1-based file keeps its ids too (vertex 3 never occurs).
  const auto sparse =
      dir.write("s.mtx", "%%MatrixMarket matrix coordinate pattern general\n4 4 2\n1 2\n4 2\n");
  read_options compact;
  compact.compact_ids = true;
  EXPECT_EQ(ids_of(read_edge_list(sparse, compact)), (std::vector<std::uint64_t>{1, 2, 4}));
  EXPECT_EQ(ids_of(read_edge_list(dir.write("d.gr", "p sp 4 1\na 4 2 1\n"), compact)),
            (std::vector<std::uint64_t>{2, 4}));
  // 0-based formats keep 0-based ids: an .el file's ids are its own.
  EXPECT_EQ(ids_of(read_edge_list(dir.write("g.el", "0 1\n3 2\n"))),
            (std::vector<std::uint64_t>{0, 1, 2, 3}));
}

TEST(read_graph, declared_vertex_counts_far_beyond_the_file_are_refused_before_allocating) {
  // Keeping 1-based ids costs 8 bytes per declared vertex: 300 million vertices for one arc
  // must be refused before that map (or anything else) is allocated.
  const std::filesystem::path data = std::filesystem::path(PLEXUS_TEST_DATA_DIR) / "graphs";
  for (const char* name : {"sparse_declared.mtx", "sparse_declared.gr"}) {
    const auto path = data / name;
    expect_error_at([&] { read_edge_list(path); }, path, 0, "300000000 vertices declared or named");
  }
}

TEST(read_graph, konect_bipartite_sets_are_kept_apart) {
  test::graph_temp_dir dir;
  // Left vertices 1, 2; right vertices 1, 2, 3: left 1 and right 1 are different vertices.
  const auto plain = dir.write("b.konect", "% bip unweighted\n1 1\n1 2\n2 1\n2 3\n");
  const edge_list e = read_edge_list(plain);
  EXPECT_FALSE(e.directed);
  EXPECT_EQ(e.direction_from, direction_basis::file);
  EXPECT_EQ(e.num_vertices, 5u);
  // Right vertex j is written as n1 + j with n1 = 2 (the largest left id).
  EXPECT_EQ(ids_of(e), (std::vector<std::uint64_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(sorted(arcs_of(e)), sorted({{0, 2, 0}, {0, 3, 0}, {1, 2, 0}, {1, 4, 0}}));
  // The size line "% m n1 n2" gives the left set's size, isolated left vertices included.
  const auto sized = dir.write("c.konect", "% bip unweighted\n% 2 3 2\n1 1\n2 2\n");
  const edge_list s = read_edge_list(sized);
  EXPECT_EQ(ids_of(s), (std::vector<std::uint64_t>{1, 2, 4, 5}));
  read_options keep;
  keep.compact_ids = false;
  const csr_graph g = read_graph(sized, keep);
  EXPECT_EQ(g.num_vertices(), 5u);  // left 1..3, right 4..5
  EXPECT_EQ(ids_of(g), (std::vector<std::uint64_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(g.degree(2), 0u);  // left vertex 3 is isolated
  // Weighted bipartite files keep their weights on the edges.
  const edge_list w = read_edge_list(dir.write("w.konect", "% bip weighted\n1 1 0.5\n2 1 2\n"));
  EXPECT_EQ(sorted(arcs_of(w)), sorted({{0, 2, 0.5f}, {1, 2, 2.0f}}));
}

TEST(read_graph, graphalytics_vertex_file_adds_isolated_vertices_with_its_ids) {
  test::graph_temp_dir dir;
  const auto edges = dir.write("g.e", "10 20 1.5\n20 30 2\n");
  dir.write("g.v", "10\n20\n30\n40 extra\n");
  const edge_list e = read_edge_list(edges);
  EXPECT_EQ(e.num_vertices, 4u);
  EXPECT_EQ(ids_of(e), (std::vector<std::uint64_t>{10, 20, 30, 40}));
  EXPECT_EQ(sorted(arcs_of(e)), sorted({{0, 1, 1.5f}, {1, 2, 2.0f}}));
  EXPECT_EQ(vertex_file_for(edges, {}), dir.path() / "g.v");
  // Switched off, the vertices are those the edges name.
  read_options none;
  none.vertex_file = std::filesystem::path();
  EXPECT_EQ(read_edge_list(edges, none).num_vertices, 3u);
  // An edge naming an unlisted vertex is an error on its line.
  const auto stray = dir.write("h.e", "10 20\n20 50\n");
  dir.write("h.v", "10\n20\n");
  expect_error_at([&] { read_edge_list(stray); }, stray, 2, "vertex 50 is not listed in");
  const auto twice = dir.write("t.e", "1 2\n");
  const auto twice_v = dir.write("t.v", "1\n2\n1\n");
  expect_error_at([&] { read_edge_list(twice); }, twice_v, 3, "vertex id 1 is listed twice");
}

TEST(read_graph, direction_records_what_decided_it) {
  test::graph_temp_dir dir;
  EXPECT_EQ(read_edge_list(dir.write("a.txt", "# Undirected graph\n0 1\n")).direction_from,
            direction_basis::file);
  EXPECT_FALSE(read_edge_list(dir.write("b.txt", "# Undirected graph\n0 1\n")).directed);
  EXPECT_EQ(read_edge_list(dir.write("c.txt", "0 1\n")).direction_from, direction_basis::format_default);
  EXPECT_EQ(read_edge_list(dir.write("d.graph", "2 1\n2\n1\n")).direction_from,
            direction_basis::format_default);
  EXPECT_EQ(
      read_edge_list(dir.write("e.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n2 2 1\n2 1\n"))
          .direction_from,
      direction_basis::file);
  read_options undirected;
  undirected.directed = false;
  const edge_list e = read_edge_list(dir.write("f.el", "0 1\n"), undirected);
  EXPECT_FALSE(e.directed);
  EXPECT_EQ(e.direction_from, direction_basis::caller);
}

TEST(read_graph, weight_column_picks_the_weight) {
  test::graph_temp_dir dir;
  read_options fourth;
  fourth.weight_column = 4;
  // SNAP lines "u v label weight": the fourth column becomes the weight.
  const edge_list e = read_edge_list(dir.write("g.txt", "# x\n0 1 a 2.5\n1 2 b -1\n"), fourth);
  EXPECT_EQ(arcs_of(e), (std::vector<arc>{{0, 1, 2.5f}, {1, 2, -1.0f}}));
  // CSV with a timestamp column first.
  const edge_list csv = read_edge_list(dir.write("g.csv", "SRC,DST,TIME,W\n0,1,99,3\n"), fourth);
  EXPECT_EQ(arcs_of(csv), (std::vector<arc>{{0, 1, 3.0f}}));
  // An .el file read with its third column as weight.
  read_options third;
  third.weight_column = 3;
  EXPECT_EQ(arcs_of(read_edge_list(dir.write("g.el", "0 1 7\n"), third)), (std::vector<arc>{{0, 1, 7.0f}}));
  const auto short_line = dir.write("s.txt", "0 1 a 2\n1 2 b\n");
  expect_error_at([&] { read_edge_list(short_line, fourth); }, short_line, 2, "missing weight (column 4)");
  const auto mtx = dir.write("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n");
  expect_error_at([&] { read_edge_list(mtx, third); }, mtx, 0, "weight column", error_kind::invalid_argument);
}

TEST(read_graph, self_loops_are_kept_when_asked) {
  test::graph_temp_dir dir;
  const auto path = dir.write("g.el", "0 0\n0 1\n1 1\n1 2\n");
  EXPECT_EQ(read_graph(path).num_edges(), 2u);
  read_options keep;
  keep.keep_self_loops = true;
  const csr_graph g = read_graph(path, keep);
  EXPECT_EQ(g.num_edges(), 4u);
  EXPECT_EQ(g.neighbors(0)[0], 0u);
  // Undirected: a loop is stored once, the other edges both ways.
  keep.directed = false;
  EXPECT_EQ(read_graph(path, keep).num_edges(), 6u);
}

}  // namespace
}  // namespace plexus::io
