// SNAP, .el/.wel, KONECT and CSV readers: header rules, id renumbering, weights, and one
// malformed file per failure mode with its "file:line:". Also checks that a parallel parse
// gives the same arcs and the same first error as a serial one.
#include <gtest/gtest.h>

#include <cstdint>

#include "graph_test_files.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus::io {
namespace {

using test::arc;
using test::arcs_of;
using test::expect_error_at;
using test::sorted;

class graph_edge_lists : public ::testing::Test {
 protected:
  test::graph_temp_dir dir;

  std::filesystem::path file(const std::string& name, const std::string& text) { return dir.write(name, text); }
  void expect_error(const std::string& name, const std::string& text, std::size_t line, const std::string& fragment,
                    read_options options = {}) {
    const auto path = file(name, text);
    expect_error_at([&] { read_edge_list(path, options); }, path, line, fragment);
  }
};

TEST_F(graph_edge_lists, snap_undirected_header_tabs_crlf_and_sparse_ids) {
  const auto path = file("g.txt",
                         "# Undirected graph (each unordered pair of nodes is saved once): g.txt\r\n"
                         "# Nodes: 3 Edges: 3\r\n"
                         "# FromNodeId\tToNodeId\r\n"
                         "20\t10\r\n"
                         "10\t5\t99\r\n"
                         "\r\n"
                         "% another comment\r\n"
                         "5 20");
  const edge_list e = read_edge_list(path);
  EXPECT_FALSE(e.directed);
  EXPECT_FALSE(e.weighted());  // the third column of SNAP files is not a weight
  EXPECT_EQ(e.num_vertices, 3u);
  EXPECT_EQ(std::vector<std::uint64_t>(e.original_ids.begin(), e.original_ids.end()),
            (std::vector<std::uint64_t>{5, 10, 20}));
  EXPECT_EQ(arcs_of(e), (std::vector<arc>{{2, 1, 0}, {1, 0, 0}, {0, 2, 0}}));

  read_options keep;
  keep.compact_ids = false;
  const edge_list k = read_edge_list(path, keep);
  EXPECT_EQ(k.num_vertices, 21u);
  EXPECT_TRUE(k.original_ids.empty());
  EXPECT_EQ(arcs_of(k), (std::vector<arc>{{20, 10, 0}, {10, 5, 0}, {5, 20, 0}}));

  read_options directed;
  directed.directed = true;
  const edge_list d = read_edge_list(path, directed);
  EXPECT_TRUE(d.directed);
  EXPECT_EQ(d.size(), 6u);  // declared undirected, read as directed: both arcs of each edge
}

TEST_F(graph_edge_lists, snap_directedness_from_header_or_options) {
  const auto directed = file("d.txt", "# Directed graph: d.txt\n1 2\n");
  EXPECT_TRUE(read_edge_list(directed).directed);
  const auto plain = file("p.txt", "1 2\n");
  EXPECT_TRUE(read_edge_list(plain).directed);
  read_options undirected;
  undirected.directed = false;
  const edge_list u = read_edge_list(plain, undirected);
  EXPECT_FALSE(u.directed);
  EXPECT_EQ(u.size(), 1u);
}

TEST_F(graph_edge_lists, snap_header_line_without_hash_is_a_comment_only_before_data) {
  // As in SNAP's as-caida20071105.txt: a header line lost its '#'.
  const std::string head =
      "# Directed graph: as.txt\r\n"
      "# Relationships:\t\r\n"
      "           -1 (<FromNodeId> is a customer of <ToNodeId>)\r\n"
      "# \t\t\t1 (<FromNodeId> is a provider of <ToNodeId>)\r\n"
      "# FromNodeId\tToNodeId\tRelationship\r\n"
      "1\t2\t-1\r\n"
      "2\t1\t1\r\n";
  const edge_list e = read_edge_list(file("as.txt", head));
  EXPECT_TRUE(e.directed);
  EXPECT_EQ(e.size(), 2u);
  expect_error("bad.txt", head + "3\t4\t0\r\n (a broken line)\r\n", 9, "source vertex id '(a'");
}

TEST_F(graph_edge_lists, snap_64_bit_ids_and_bad_tokens) {
  const auto big = file("big.txt", "18446744073709551615 0\n0 4294967296\n");
  const edge_list e = read_edge_list(big);
  EXPECT_EQ(e.num_vertices, 3u);
  EXPECT_EQ(e.original_ids.back(), UINT64_MAX);
  EXPECT_EQ(arcs_of(e), (std::vector<arc>{{2, 0, 0}, {0, 1, 0}}));
  // Sparse ids far apart take the sorting path of renumbering.
  const auto sparse = file("sparse.txt", "1000000000000 7\n7 3\n");
  const edge_list s = read_edge_list(sparse);
  EXPECT_EQ(std::vector<std::uint64_t>(s.original_ids.begin(), s.original_ids.end()),
            (std::vector<std::uint64_t>{3, 7, 1000000000000}));
  EXPECT_EQ(arcs_of(s), (std::vector<arc>{{2, 1, 0}, {1, 0, 0}}));

  expect_error("a.txt", "1 2\n18446744073709551616 3\n", 2, "out of range");
  expect_error("b.txt", "# c\n1 2\n3 x\n", 3, "target vertex id 'x'");
  expect_error("c.txt", "1 2\n3\n", 2, "missing target vertex id");
  expect_error("d.txt", "1 2\n3 4.5\n", 2, "'4.5'");
  expect_error("e.txt", "1 2\n-3 4\n", 2, "'-3'");
  read_options keep;
  keep.compact_ids = false;
  expect_error("f.txt", "1 2\n4294967295 1\n", 2, "exceeds the largest vertex id", keep);
  // An empty input holds no graph: it is refused rather than read as an empty graph.
  const auto empty = file("empty.txt", "");
  expect_error_at([&] { read_edge_list(empty); }, empty, 0, "empty input (0 bytes)");
  // Nor is a list of only comments and blank lines an empty graph, in any id-list format.
  for (const char* name : {"comments.txt", "comments.el", "comments.wel", "comments.csv", "comments.konect"})
    expect_error(name, "# nothing yet\n\n% nor here\n", 0, "no edge: the input holds only comments and blank lines");
}

// One rule for what may stand before the first edge of a SNAP or CSV file: comments, blank
// lines and one line that does not start with two numbers (column names; as-caida's lost '#').
// A second such line, or a leading line that starts like an edge, is data and an error at its
// line: a file of word labels is not an empty graph, and a negative id is not skipped.
TEST_F(graph_edge_lists, one_header_rule_and_every_other_line_is_data) {
  expect_error("words.txt", "alice bob\ncarol dave\n", 2, "source vertex id 'carol'");
  expect_error("words.csv", "SOURCE,TARGET\nalice,bob\n", 2, "source vertex id 'alice'");
  expect_error("negative.txt", "-1 5\n0 1\n", 1, "'-1'");
  expect_error("negative2.txt", "# c\n-1 (a note)\n-2 3\n0 1\n", 3, "'-2'");
  expect_error("late.txt", "# c\n0 1\nfrom to\n", 3, "source vertex id 'from'");
  const edge_list named = read_edge_list(file("named.txt", "FromNodeId ToNodeId\n0 1\n1 2\n"));
  EXPECT_EQ(named.size(), 2u);
  const edge_list csv = read_edge_list(file("named.csv", "# c\nsource,target,weight\n0,1,2\n"));
  EXPECT_EQ(csv.size(), 1u);
  // KONECT and GAPBS lists have no such line.
  expect_error("names.konect", "% sym\nfrom to\n1 2\n", 2, "'from'");
  expect_error("names.el", "from to\n0 1\n", 1, "'from'");
}

TEST_F(graph_edge_lists, el_and_wel_keep_zero_based_ids_when_asked) {
  read_options keep;
  keep.compact_ids = false;
  const edge_list el = read_edge_list(file("g.el", "0 1\n1 3\n"), keep);
  EXPECT_EQ(el.num_vertices, 4u);
  EXPECT_EQ(arcs_of(el), (std::vector<arc>{{0, 1, 0}, {1, 3, 0}}));
  const auto wel_path = file("g.wel", "0 1 2.5\n1 3 -1\n3 0 1e3\n");
  const edge_list wel = read_edge_list(wel_path, keep);
  EXPECT_EQ(arcs_of(wel), (std::vector<arc>{{0, 1, 2.5f}, {1, 3, -1.0f}, {3, 0, 1000.0f}}));
  read_options drop = keep;
  drop.keep_weights = false;
  EXPECT_FALSE(read_edge_list(wel_path, drop).weighted());
  const edge_list gz = read_edge_list(dir.write_gz("g.wel.gz", "0 1 2.5\n1 3 -1\n3 0 1e3\n"), keep);
  EXPECT_EQ(arcs_of(gz), arcs_of(wel));

  expect_error("a.el", "0 1\n1 2 5\n", 2, "unexpected extra column '5'");
  expect_error("b.wel", "0 1 1\n1 2\n", 2, "missing weight");
  expect_error("c.wel", "0 1 1\n1 2 nan\n", 2, "weight 'nan' is not a number");
  expect_error("d.wel", "0 1 1\n1 2 abc\n", 2, "weight 'abc' is not a number");
}

TEST_F(graph_edge_lists, konect_header_sets_directedness_and_ids_are_one_based) {
  const auto sym = file("out.test", "% sym unweighted\n% 2 3 3\n1 2\n2 3\n");
  read_options keep;
  keep.compact_ids = false;
  const edge_list s = read_edge_list(sym, keep);
  EXPECT_FALSE(s.directed);
  EXPECT_EQ(s.num_vertices, 3u);
  EXPECT_EQ(arcs_of(s), (std::vector<arc>{{0, 1, 0}, {1, 2, 0}}));
  const auto asym = file("w.konect", "% asym posweighted\n% 2 3 3\n1 2  0.5 1234\n3 1  2 1235\n");
  const edge_list a = read_edge_list(asym);
  EXPECT_TRUE(a.directed);
  EXPECT_EQ(arcs_of(a), (std::vector<arc>{{0, 1, 0.5f}, {2, 0, 2.0f}}));
  EXPECT_EQ(a.original_ids[0], 1u);

  expect_error("a.konect", "% asym unweighted\n1 2\n0 1\n", 3, "0 is invalid");
  expect_error("b.konect", "% asym weighted\n1 2 3\n2 3\n", 3, "missing weight");
  expect_error("c.konect", "% asym weighted\n1 2\n2 3 1\n", 3, "has a weight column but earlier lines have none");
}

TEST_F(graph_edge_lists, csv_with_and_without_header_row) {
  const auto headed = file("h.csv", "SOURCE,TARGET,RATING,TIME\n7,1,10,1407470400\n430,1,-3,1376539200\n");
  const edge_list h = read_edge_list(headed);
  EXPECT_TRUE(h.directed);
  EXPECT_EQ(std::vector<std::uint64_t>(h.original_ids.begin(), h.original_ids.end()),
            (std::vector<std::uint64_t>{1, 7, 430}));
  EXPECT_EQ(arcs_of(h), (std::vector<arc>{{1, 0, 10.0f}, {2, 0, -3.0f}}));
  const edge_list plain = read_edge_list(file("p.csv", "7,1,10,1407470400\r\n430,1,-3,1376539200\r\n"));
  EXPECT_EQ(arcs_of(plain), arcs_of(h));
  const edge_list ids = read_edge_list(file("i.csv", "a,b\n1, 2\n2 ,3\n"));
  EXPECT_FALSE(ids.weighted());
  EXPECT_EQ(ids.size(), 2u);

  expect_error("a.csv", "a,b\n1,2\nc,d\n", 3, "source vertex id 'c'");
  expect_error("b.csv", "a,b\nc,d\n1,2\n", 2, "source vertex id 'c'");
  expect_error("c.csv", "1,2,nan\n", 1, "weight 'nan' is not a number");
}

// A file large enough to be split across threads parses to the same arcs, and reports the
// same (earliest) error, whatever the thread count.
TEST_F(graph_edge_lists, parallel_parse_matches_serial) {
  std::string text = "# Directed graph\n";
  std::uint64_t x = 12345;
  for (int i = 0; i < 300000; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    text += std::to_string((x >> 33) % 100000) + '\t' + std::to_string((x >> 13) % 100000) + ' ' +
            std::to_string((x >> 40) % 1000) + "\n";
  }
  const auto path = file("big.wel", text);
  read_options one;
  one.num_threads = 1;
  read_options four;
  four.num_threads = 4;
  const edge_list a = read_edge_list(path, one);
  const edge_list b = read_edge_list(path, four);
  EXPECT_EQ(a.size(), 300000u);
  EXPECT_EQ(arcs_of(a), arcs_of(b));
  EXPECT_EQ(a.num_vertices, b.num_vertices);
  EXPECT_TRUE(std::equal(a.original_ids.begin(), a.original_ids.end(), b.original_ids.begin(), b.original_ids.end()));

  // Two errors, one early and one late: every thread count reports the early one.
  std::string broken = text;
  const std::size_t late = broken.rfind('\n', broken.size() - 2) + 1;
  broken.insert(late, "bad line\n");
  const std::size_t early_line = 1000;
  std::size_t at = 0;
  for (std::size_t l = 1; l < early_line; ++l) at = broken.find('\n', at) + 1;
  broken.insert(at, "1 2 x\n");
  const auto bad = file("bad.wel", broken);
  expect_error_at([&] { read_edge_list(bad, one); }, bad, early_line, "weight 'x'");
  expect_error_at([&] { read_edge_list(bad, four); }, bad, early_line, "weight 'x'");
}

}  // namespace
}  // namespace plexus::io
