// Matrix Market, DIMACS and METIS readers, format detection and read_graph: tiny
// hand-written files with known arcs, and one malformed file per failure mode, checking
// the "file:line:" of every message.
#include <gtest/gtest.h>

#include "graph_test_files.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus::io {
namespace {

using test::arc;
using test::arcs_of;
using test::expect_error_at;
using test::sorted;

class graph_readers : public ::testing::Test {
 protected:
  test::graph_temp_dir dir;

  std::filesystem::path file(const std::string& name, const std::string& text) { return dir.write(name, text); }
  void expect_error(const std::string& name, const std::string& text, std::size_t line, const std::string& fragment,
                    read_options options = {}, error_kind kind = error_kind::parse) {
    const auto path = file(name, text);
    expect_error_at([&] { read_edge_list(path, options); }, path, line, fragment, kind);
  }
};

// ---- Matrix Market -------------------------------------------------------------------------

TEST_F(graph_readers, mtx_general_real_is_directed_and_weighted) {
  const auto path = file("g.mtx",
                         "%%MatrixMarket matrix coordinate real general\n"
                         "% a comment\n"
                         "\n"
                         "4 4 3\n"
                         "1 2 0.5\n"
                         "3 1 -2e1\n"
                         "4 4 7\n");
  const edge_list e = read_edge_list(path);
  EXPECT_TRUE(e.directed);
  EXPECT_EQ(e.num_vertices, 4u);
  EXPECT_EQ(std::vector<std::uint64_t>(e.original_ids.begin(), e.original_ids.end()),
            (std::vector<std::uint64_t>{1, 2, 3, 4}));  // the file's 1-based ids
  EXPECT_EQ(arcs_of(e), (std::vector<arc>{{0, 1, 0.5f}, {2, 0, -20.0f}, {3, 3, 7.0f}}));
}

TEST_F(graph_readers, mtx_symmetric_pattern_with_crlf_tabs_and_isolated_vertices) {
  const auto path = file("g.mtx",
                         "%%MatrixMarket matrix coordinate pattern symmetric\r\n"
                         "%comment\r\n"
                         "6 6 3\r\n"
                         "2\t1\r\n"
                         "3 1\r\n"
                         "  5   3  \r\n");
  const edge_list e = read_edge_list(path);
  EXPECT_FALSE(e.directed);
  EXPECT_FALSE(e.weighted());
  EXPECT_EQ(e.num_vertices, 6u);
  EXPECT_EQ(arcs_of(e), (std::vector<arc>{{1, 0, 0}, {2, 0, 0}, {4, 2, 0}}));
}

TEST_F(graph_readers, mtx_symmetric_read_as_directed_holds_both_arcs) {
  const auto path = file("g.mtx", "%%MatrixMarket matrix coordinate integer symmetric\n3 3 2\n2 1 5\n2 2 1\n");
  read_options options;
  options.directed = true;
  const edge_list e = read_edge_list(path, options);
  EXPECT_TRUE(e.directed);
  EXPECT_EQ(sorted(arcs_of(e)), (std::vector<arc>{{0, 1, 5}, {1, 0, 5}, {1, 1, 1}}));
}

TEST_F(graph_readers, mtx_skew_symmetric_negates_the_mirrored_weight) {
  const auto path = file("g.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 1.5\n3 2 -4\n");
  const edge_list e = read_edge_list(path);
  EXPECT_TRUE(e.directed);
  EXPECT_EQ(sorted(arcs_of(e)), (std::vector<arc>{{0, 1, -1.5f}, {1, 0, 1.5f}, {1, 2, 4.0f}, {2, 1, -4.0f}}));
  read_options undirected;
  undirected.directed = false;
  const edge_list u = read_edge_list(path, undirected);
  EXPECT_FALSE(u.directed);
  EXPECT_EQ(arcs_of(u), (std::vector<arc>{{1, 0, 1.5f}, {2, 1, -4.0f}}));
  read_options pattern;
  pattern.keep_weights = false;
  const edge_list p = read_edge_list(path, pattern);
  EXPECT_FALSE(p.directed);
  EXPECT_FALSE(p.weighted());
  EXPECT_EQ(p.size(), 2u);
}

TEST_F(graph_readers, mtx_keep_weights_false_drops_weights) {
  const auto path = file("g.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 3.5\n");
  read_options options;
  options.keep_weights = false;
  const edge_list e = read_edge_list(path, options);
  EXPECT_FALSE(e.weighted());
  EXPECT_EQ(arcs_of(e), (std::vector<arc>{{0, 1, 0}}));
}

TEST_F(graph_readers, mtx_gzip_reads_like_plain) {
  const std::string text = "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n";
  const auto path = dir.write_gz("g.mtx.gz", text);
  EXPECT_EQ(format_from_extension(path), graph_format::matrix_market);
  const edge_list e = read_edge_list(path);
  EXPECT_EQ(arcs_of(e), (std::vector<arc>{{0, 1, 0}, {1, 2, 0}}));
}

TEST_F(graph_readers, mtx_bad_inputs_name_file_and_line) {
  expect_error("a.mtx", "", 0, "empty input (0 bytes)");
  expect_error("b.mtx", "3 3 1\n1 2\n", 1, "missing %%MatrixMarket banner");
  expect_error("c.mtx", "%%MatrixMarket matrix coordinate real\n", 1, "banner must read");
  expect_error("d.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", 1, "'array'", {},
               error_kind::unsupported);
  expect_error("e.mtx", "%%MatrixMarket matrix coordinate complex general\n", 1, "complex", {}, error_kind::unsupported);
  expect_error("f.mtx", "%%MatrixMarket matrix coordinate real hermitian\n", 1, "hermitian", {},
               error_kind::unsupported);
  expect_error("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n%c\n3 4 1\n1 2\n", 3, "square");
  expect_error("h.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n0 1\n", 4, "row index 0");
  expect_error("i.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n1 4\n", 4,
               "column index 4 is outside 1..3");
  expect_error("j.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n2 3\n%%%%%%\n", 2, "truncated");
  expect_error("j2.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n2 3\n", 2,
               "declares 3 entries but the file holds only 2 (truncated file?)");
  expect_error("k.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2\n2 3\n3 1\n", 4,
               "more entries than the 1 declared");
  expect_error("l.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1\n2 x 1\n", 4,
               "column index 'x'");
  expect_error("m.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1\n2 3 nan\n", 4,
               "value 'nan' is not a number");
  expect_error("n.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 1\n2 2 1\n", 3, "diagonal");
  expect_error("o.mtx", "%%MatrixMarket matrix coordinate pattern general\n1 1 999999999999\n1 1\n", 2,
               "declares 999999999999 entries but the file holds only 1");
  expect_error("p.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n99999999999999999999 1\n", 3,
               "out of range");
  expect_error("q.mtx", "%%MatrixMarket matrix coordinate pattern general\n% only comments\n", 2, "missing size line");
  expect_error("r.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2 3\n", 3, "extra token");
  expect_error("s.mtx", "%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 2 1.5\n", 3, "integer value");
  // The last line cut in the middle of an entry.
  expect_error("t.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1\n2 ", 4, "missing column index");
  expect_error("u.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 x\n", 2, "entry count 'x'");
}

TEST_F(graph_readers, truncated_gzip_is_an_error) {
  std::string body = "%%MatrixMarket matrix coordinate pattern general\n1000 1000 2000\n";
  for (int i = 0; i < 2000; ++i) body += std::to_string(i % 1000 + 1) + " " + std::to_string((i * 7) % 1000 + 1) + "\n";
  const auto whole = dir.write_gz("whole.mtx.gz", body);
  EXPECT_EQ(read_edge_list(whole).size(), 2000u);
  std::ifstream in(whole, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto cut = dir.write("cut.mtx.gz", bytes.substr(0, bytes.size() / 2));
  expect_error_at([&] { read_edge_list(cut); }, cut, 0, "truncated gzip");
  std::string corrupt = bytes;
  for (std::size_t i = 20; i < 60; ++i) corrupt[i] = static_cast<char>(corrupt[i] ^ 0x5a);
  const auto bad = dir.write("bad.mtx.gz", corrupt);
  expect_error_at([&] { read_edge_list(bad); }, bad, 0, "gzip");
}

// ---- DIMACS --------------------------------------------------------------------------------

TEST_F(graph_readers, dimacs_reads_arcs_with_lengths) {
  const auto path = file("g.gr",
                         "c a comment\n"
                         "c\n"
                         "p sp 5 4\n"
                         "c arcs follow\n"
                         "a 1 2 7\n"
                         "a 2 3 0\n"
                         "a 3 1 12\r\n"
                         "a 1 2 3\n");
  const edge_list e = read_edge_list(path);
  EXPECT_TRUE(e.directed);
  EXPECT_EQ(e.num_vertices, 5u);
  EXPECT_EQ(arcs_of(e), (std::vector<arc>{{0, 1, 7}, {1, 2, 0}, {2, 0, 12}, {0, 1, 3}}));
  EXPECT_EQ(read_edge_list(dir.write_gz("g.gr.gz", "p sp 2 1\na 1 2 4\n")).size(), 1u);
}

TEST_F(graph_readers, dimacs_bad_inputs_name_file_and_line) {
  expect_error("a.gr", "", 0, "empty input (0 bytes)");
  expect_error("b.gr", "c only a comment\n", 1, "missing 'p sp n m'");
  expect_error("c.gr", "c x\na 1 2 3\np sp 2 1\n", 2, "arc line before");
  expect_error("d.gr", "p max 2 1\na 1 2 3\n", 1, "'p sp n m'");
  expect_error("e.gr", "p sp 3 2\na 1 2 3\na 2 3 -1\n", 3, "negative arc length -1");
  expect_error("f.gr", "p sp 3 1\na 1 2 1.5\n", 2, "arc length '1.5'");
  expect_error("g.gr", "p sp 3 3\na 1 2 1\na 2 3 1\nc padding\n", 1, "truncated");
  expect_error("h.gr", "p sp 3 1\na 1 2 1\nc\na 2 3 1\n", 4, "more arcs than the 1");
  expect_error("i.gr", "p sp 3 1\na 0 2 1\n", 2, "arc tail 0 is outside 1..3");
  expect_error("j.gr", "p sp 3 1\na 1 4 1\n", 2, "arc head 4 is outside");
  expect_error("k.gr", "p sp 1 999999999999\na 1 1 1\n", 1, "declares 999999999999 arcs but the file holds only 1");
  expect_error("l.gr", "p sp 3 2\na 1 2 1\np sp 3 2\n", 3, "second 'p' line");
  expect_error("m.gr", "p sp 3 1\na 1 2 1\ne 1 2\n", 3, "expected an arc line");
  expect_error("n.gr", "p sp 3 1\na 1 2 99999999999999999999\n", 2, "out of range");
}

// ---- METIS ---------------------------------------------------------------------------------

TEST_F(graph_readers, metis_blank_lines_are_isolated_vertices) {
  // 5 vertices, edges {1,2} {2,4}; vertex 3 and 5 have empty lines.
  const auto path = file("g.graph",
                         "% a comment before the header\n"
                         "5 2\n"
                         "2\n"
                         "1 4\n"
                         "\n"
                         "% a comment between vertex lines\n"
                         "2\n"
                         "\n");
  const edge_list e = read_edge_list(path);
  EXPECT_FALSE(e.directed);
  EXPECT_EQ(e.num_vertices, 5u);
  EXPECT_EQ(arcs_of(e), (std::vector<arc>{{0, 1, 0}, {1, 3, 0}}));
}

TEST_F(graph_readers, metis_weights_and_vertex_fields) {
  const auto weighted = file("w.graph", "3 2 1\n2 5\n1 5 3 9\n2 9\n");
  EXPECT_EQ(arcs_of(read_edge_list(weighted)), (std::vector<arc>{{0, 1, 5}, {1, 2, 9}}));
  // fmt 011 with two constraints: two vertex weights, then neighbour/weight pairs.
  const auto both = file("b.graph", "3 2 11 2\n4 1 2 5\n0 0 1 5 3 9\n7 7 2 9\n");
  EXPECT_EQ(arcs_of(read_edge_list(both)), (std::vector<arc>{{0, 1, 5}, {1, 2, 9}}));
  // fmt 100: vertex size first.
  const auto sizes = file("s.graph", "2 1 100\n3 2\n3 1\n");
  EXPECT_EQ(arcs_of(read_edge_list(sizes)), (std::vector<arc>{{0, 1, 0}}));
  read_options directed;
  directed.directed = true;
  EXPECT_EQ(sorted(arcs_of(read_edge_list(weighted, directed))),
            (std::vector<arc>{{0, 1, 5}, {1, 0, 5}, {1, 2, 9}, {2, 1, 9}}));
}

TEST_F(graph_readers, metis_bad_inputs_name_file_and_line) {
  expect_error("a.graph", "", 0, "empty input (0 bytes)");
  expect_error("a2.graph", "% only a comment\n", 1, "missing METIS header");
  expect_error("b.graph", "%c\nn m\n", 2, "must be numeric");
  expect_error("c.graph", "3 2\n2\n1\n\n", 1, "header declares 2 edges but the vertex lines hold 2 adjacency entries");
  expect_error("d.graph", "3 1\n2\n1 0\n\n", 3, "neighbour id 0 is outside 1..3");
  expect_error("e.graph", "3 1\n2\n1 4\n\n", 3, "neighbour id 4");
  expect_error("f.graph", "2 1 1\n2 0\n1 0\n", 2, "edge weight 0 is not positive");
  expect_error("g.graph", "2 1 1\n2 -3\n1 -3\n", 2, "edge weight -3 is not positive");
  expect_error("h.graph", "3 1\n2\n1\n", 3, "file ends after 2 of the 3 vertex lines");
  expect_error("i.graph", "2 1\n2\n1\n1\n", 4, "more vertex lines than the 2");
  expect_error("j.graph", "3 1\n2 3\n\n\n", 2, "vertex 1 lists neighbour 2, but vertex 2 does not list 1");
  expect_error("k.graph", "99999999 1\n2\n", 1, "more than the rest of the file");
  expect_error("k2.graph", "99999999999 1\n2\n", 1, "exceed the 32-bit vertex range");
  expect_error("l.graph", "2 1 2\n2\n1\n", 1, "format code 2");
  expect_error("m.graph", "2 1\n2 x\n1\n", 2, "neighbour id 'x'");
  expect_error("n.graph", "2 1 1\n2\n1 1\n", 2, "missing edge weight");
}

// The lists must be symmetric, weights included, each edge once per end: an entry without its
// mirror (even when the totals balance), two weights for one edge, a neighbour listed twice and
// a self-loop are errors at the line that holds them.
TEST_F(graph_readers, metis_lists_are_symmetric_with_one_weight_per_edge) {
  // 1 lists 2 and 3, 2 lists 1 and 3, but 3 lists 1 and 1 instead of 2: the totals balance.
  expect_error("swap.graph", "3 3\n2 3\n1 3\n1 1\n", 4, "vertex 3 lists neighbour 1 more than once");
  expect_error("lost.graph", "4 2\n2\n1\n4\n2\n", 4, "vertex 3 lists neighbour 4, but vertex 4 does not list 3");
  expect_error("weights.graph", "2 1 1\n2 5\n1 3\n", 2, "vertex 1 lists neighbour 2 with weight 5, but vertex 2 lists 1 with weight 3");
  expect_error("twice.graph", "2 2 1\n2 5 2 3\n1 5 1 3\n", 2, "vertex 1 lists neighbour 2 more than once");
  expect_error("loop.graph", "2 1\n1 2\n1\n", 2, "vertex 1 lists itself");
  // Unsorted lines are fine when they repeat nothing.
  const edge_list e = read_edge_list(file("unsorted.graph", "3 3\n3 2\n3 1\n2 1\n"));
  EXPECT_EQ(e.size(), 3u);
}

// ---- detection and read_graph --------------------------------------------------------------

TEST(graph_format_names, extensions_and_names) {
  EXPECT_EQ(format_from_extension("a/b.mtx"), graph_format::matrix_market);
  EXPECT_EQ(format_from_extension("b.MTX.gz"), graph_format::matrix_market);
  EXPECT_EQ(format_from_extension("b.txt"), graph_format::snap);
  EXPECT_EQ(format_from_extension("b.txt.gz"), graph_format::snap);
  EXPECT_EQ(format_from_extension("b.el"), graph_format::edge_list);
  EXPECT_EQ(format_from_extension("b.wel"), graph_format::weighted_edge_list);
  EXPECT_EQ(format_from_extension("b.gr"), graph_format::dimacs);
  EXPECT_EQ(format_from_extension("b.graph"), graph_format::metis);
  EXPECT_EQ(format_from_extension("b.konect"), graph_format::konect);
  EXPECT_EQ(format_from_extension("dir/out.moreno"), graph_format::konect);
  EXPECT_EQ(format_from_extension("b.csv.gz"), graph_format::csv);
  EXPECT_EQ(format_from_extension("b.plx"), graph_format::plx);
  EXPECT_EQ(format_from_extension("b.unknown"), graph_format::automatic);
  EXPECT_EQ(format_from_extension("b.gz"), graph_format::automatic);
  for (graph_format f : {graph_format::matrix_market, graph_format::snap, graph_format::edge_list,
                         graph_format::weighted_edge_list, graph_format::dimacs, graph_format::metis,
                         graph_format::konect, graph_format::csv, graph_format::plx, graph_format::automatic}) {
    EXPECT_EQ(parse_graph_format(to_string(f)), f) << to_string(f);
  }
  EXPECT_EQ(parse_graph_format("MTX"), graph_format::matrix_market);
  try {
    parse_graph_format("xyz");
    ADD_FAILURE() << "no error";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("xyz"), std::string::npos);
  }
}

TEST_F(graph_readers, unknown_extension_is_sniffed_or_refused) {
  const auto mtx = file("matrix.data", "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n");
  EXPECT_EQ(read_edge_list(mtx).size(), 1u);
  const auto other = file("mystery.data", "1 2\n");
  expect_error_at([&] { read_edge_list(other); }, other, 0, "unknown format", error_kind::unsupported);
  read_options as_el;
  as_el.format = graph_format::edge_list;
  EXPECT_EQ(read_edge_list(other, as_el).size(), 1u);
  // Content is checked against the extension.
  expect_error("wrong.mtx", "1 2\n2 3\n", 1, "missing %%MatrixMarket banner");
  const auto missing = dir.path() / "absent.mtx";
  expect_error_at([&] { read_edge_list(missing); }, missing, 0, "cannot open", error_kind::io);
}

TEST_F(graph_readers, read_graph_builds_the_csr) {
  const auto path = file("k.mtx",
                         "%%MatrixMarket matrix coordinate pattern symmetric\n"
                         "4 4 3\n2 1\n3 1\n4 3\n");
  const csr_graph g = read_graph(path);
  EXPECT_FALSE(g.directed());
  EXPECT_EQ(g.num_vertices(), 4u);
  EXPECT_EQ(g.num_logical_edges(), 3u);
  EXPECT_EQ(g.degree(0), 2u);
  EXPECT_EQ(g.degree(2), 2u);
  const auto gr = file("d.gr", "p sp 3 3\na 1 2 5\na 1 2 2\na 2 3 1\n");
  const csr_graph d = read_graph(gr);
  EXPECT_TRUE(d.directed());
  EXPECT_EQ(d.num_logical_edges(), 2u);
  ASSERT_TRUE(d.weighted());
  EXPECT_EQ(d.weights()[0], 2.0f);  // parallel arcs keep the shortest
}

// Found by fuzzing: a tiny file whose ids are kept may name a vertex in the billions; building
// would allocate gigabytes of offsets for isolated vertices, so such ids are refused.
TEST(graph_reader_limits, implausibly_sparse_ids_are_refused) {
  test::graph_temp_dir dir;
  const auto file = dir.write("sparse.el", "0 1\n1 3000000000\n");
  read_options keep_ids;
  keep_ids.compact_ids = false;
  try {
    read_graph(file, keep_ids);
    FAIL() << "loaded";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::parse);
    EXPECT_NE(std::string(e.what()).find("refusing to allocate so many isolated vertices"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(read_graph(file).num_vertices(), 3u);  // .el renumbers by default

  // The check starts past 2^22 vertices: up to there any file is cheap to build.
  const auto at_floor = dir.write("floor.el", "0 1\n1 4194303\n");
  EXPECT_EQ(read_graph(at_floor, keep_ids).num_vertices(), 4194304u);
  const auto past_floor = dir.write("past.el", "0 1\n1 4194304\n");
  EXPECT_THROW(read_graph(past_floor, keep_ids), error);
}

}  // namespace
}  // namespace plexus::io
