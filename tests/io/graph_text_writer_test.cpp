// Graphs written as .el, .wel and .mtx (plain and gzip) read back as the same graph, in the
// input's own ids.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "graph_test_files.hpp"
#include "plexus/io/read_graph.hpp"
#include "plexus/io/text_writer.hpp"

namespace plexus::io {
namespace {

using edge = std::tuple<std::uint64_t, std::uint64_t, float>;

/// Every stored arc as (input id, input id, weight), sorted.
std::vector<edge> arcs_in_input_ids(const csr_graph& g) {
  std::vector<edge> out;
  for (vertex_t u = 0; u < g.num_vertices(); ++u)
    for (edge_t e = g.offsets()[u]; e < g.offsets()[u + 1]; ++e)
      out.emplace_back(g.original_id(u), g.original_id(g.indices()[e]), g.weighted() ? g.weights()[e] : 0.0f);
  std::sort(out.begin(), out.end());
  return out;
}

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(write_graph_text, edge_lists_read_back_as_the_same_graph) {
  test::graph_temp_dir dir;
  // Sparse 0-based ids, weighted, directed (CSV keeps ids as they are).
  const csr_graph directed = read_graph(dir.write("g.csv", "100,7,0.5\n7,42,-3\n42,100,1e-3\n7,100,2\n"));
  for (const char* name : {"out.el", "out.wel", "out.wel.gz"}) {
    const auto path = dir.path() / name;
    const text_output format = *text_output_for(path);
    write_graph_text(directed, path, format);
    const csr_graph back = read_graph(path);
    EXPECT_TRUE(back.directed()) << name;
    if (format == text_output::weighted_edge_list) {
      EXPECT_EQ(arcs_in_input_ids(back), arcs_in_input_ids(directed)) << name;
    } else {
      EXPECT_EQ(back.num_edges(), directed.num_edges()) << name;
      EXPECT_FALSE(back.weighted());
    }
  }
  EXPECT_EQ(read(dir.path() / "out.el"), "7 42\n7 100\n42 100\n100 7\n");
  // Undirected: each edge once, smaller id first; read back with the direction named.
  const csr_graph undirected = read_graph(dir.write("u.txt", "# Undirected graph\n5 9\n9 12\n12 5\n"));
  write_graph_text(undirected, dir.path() / "u.el", text_output::edge_list);
  EXPECT_EQ(read(dir.path() / "u.el"), "5 9\n5 12\n9 12\n");
  read_options as_undirected;
  as_undirected.directed = false;
  EXPECT_EQ(arcs_in_input_ids(read_graph(dir.path() / "u.el", as_undirected)), arcs_in_input_ids(undirected));
  // .wel needs weights.
  EXPECT_THROW(write_graph_text(undirected, dir.path() / "u.wel", text_output::weighted_edge_list), error);
}

TEST(write_graph_text, matrix_market_reads_back_as_the_same_graph) {
  test::graph_temp_dir dir;
  // 1-based ids with an isolated vertex (4): rows are the input's ids.
  read_options keep;
  keep.keep_self_loops = true;
  const csr_graph sym = read_graph(
      dir.write("s.mtx", "%%MatrixMarket matrix coordinate real symmetric\n5 5 3\n2 1 1.5\n3 2 2\n5 5 4\n"),
      keep);
  for (const char* name : {"out.mtx", "out.mtx.gz"}) {
    const auto path = dir.path() / name;
    write_graph_text(sym, path, text_output::matrix_market);
    const csr_graph back = read_graph(path, keep);
    EXPECT_FALSE(back.directed()) << name;
    EXPECT_EQ(back.num_vertices(), 5u) << name;
    EXPECT_EQ(arcs_in_input_ids(back), arcs_in_input_ids(sym)) << name;
  }
  EXPECT_EQ(read(dir.path() / "out.mtx"),
            "%%MatrixMarket matrix coordinate real symmetric\n5 5 3\n2 1 1.5\n3 2 2\n5 5 4\n");
  EXPECT_TRUE(ids_are_one_to_n(sym));
  const csr_graph general = read_graph(dir.write("d.gr", "p sp 3 2\na 1 3 7\na 3 2 1\n"));
  write_graph_text(general, dir.path() / "d.mtx", text_output::matrix_market);
  EXPECT_EQ(read(dir.path() / "d.mtx"),
            "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 3 7\n3 2 1\n");
  EXPECT_EQ(arcs_in_input_ids(read_graph(dir.path() / "d.mtx")), arcs_in_input_ids(general));
}

TEST(write_graph_text, output_names_pick_the_format) {
  EXPECT_EQ(text_output_for("a.el"), text_output::edge_list);
  EXPECT_EQ(text_output_for("a.WEL.gz"), text_output::weighted_edge_list);
  EXPECT_EQ(text_output_for("a.mtx.gz"), text_output::matrix_market);
  EXPECT_EQ(text_output_for("a.hyp"), text_output::hyperedge_lines);
  EXPECT_EQ(text_output_for("a.hgr"), text_output::hmetis);
  EXPECT_FALSE(text_output_for("a.plx"));
  EXPECT_FALSE(text_output_for("a.txt"));
}

}  // namespace
}  // namespace plexus::io
