// Hypergraph vertex ids as the input writes them: sparse ids cost only the vertices that occur,
// 1-based formats keep their ids, and results and text files are written in them; and the
// input layer under the hypergraph readers (byte-order marks, pipes, weights).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/io/read_hypergraph.hpp"
#include "plexus/io/result_writer.hpp"
#include "plexus/io/text_writer.hpp"

namespace plexus::io {
namespace {

namespace fs = std::filesystem;
using lists = std::vector<std::vector<std::uint64_t>>;

class hypergraph_ids : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() / ("plexus-hypergraph-ids-" + std::to_string(::getpid()));
  void SetUp() override { fs::create_directories(dir); }
  void TearDown() override { fs::remove_all(dir); }
  fs::path write(const std::string& name, const std::string& content) {
    const fs::path path = dir / name;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
    return path;
  }
  static std::string read(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
};

/// The hyperedges of `g` as lists of the input's own vertex ids.
lists input_edges(const hypergraph& g) {
  lists out;
  for (hyperedge_t h = 0; h < g.num_hyperedges(); ++h) {
    out.emplace_back();
    for (const vertex_t v : g.pins(h)) out.back().push_back(g.original_id(v));
  }
  return out;
}

std::vector<std::uint64_t> ids_of(const hypergraph& g) {
  return {g.original_ids().begin(), g.original_ids().end()};
}

TEST_F(hypergraph_ids, sparse_vertex_ids_are_compacted_and_kept) {
  // One vertex id 300,000,000: four vertices, not 300 million.
  const hypergraph plain = read_hypergraph(write("s.hyp", "0 300000000\n5 300000000 7\n"));
  EXPECT_EQ(plain.num_vertices(), 4u);
  EXPECT_EQ(ids_of(plain), (std::vector<std::uint64_t>{0, 5, 7, 300000000}));
  EXPECT_EQ(input_edges(plain), (lists{{0, 300000000}, {5, 7, 300000000}}));
  const hypergraph chodrow = read_hypergraph(write("hyperedges-s.txt", "1,300000000\n300000000,7\n"));
  EXPECT_EQ(chodrow.num_vertices(), 3u);
  EXPECT_EQ(input_edges(chodrow), (lists{{1, 300000000}, {7, 300000000}}));
  write("b/b-nverts.txt", "2\n1\n");
  write("b/b-simplices.txt", "4000000000\n3\n3\n");
  const hypergraph benson = read_hypergraph(dir / "b");
  EXPECT_EQ(benson.num_vertices(), 2u);
  EXPECT_EQ(input_edges(benson), (lists{{3, 4000000000}, {3}}));
  // Written results name vertices by those ids.
  const std::vector<vertex_t> labels = {0, 0, 3, 3};
  write_vertex_labels(dir / "labels.tsv", plain, labels, "label");
  EXPECT_EQ(read(dir / "labels.tsv"), "# vertex\tlabel\n0\t0\n5\t0\n7\t300000000\n300000000\t300000000\n");
  const std::vector<vertex_t> depths = {0, 1, invalid_vertex, 1};
  write_vertex_depths(dir / "depths.tsv", plain, depths);
  EXPECT_EQ(read(dir / "depths.tsv"), "# vertex\tdepth\n0\t0\n5\t1\n7\t-1\n300000000\t1\n");
}

TEST_F(hypergraph_ids, one_based_formats_keep_their_ids) {
  const hypergraph hgr = read_hypergraph(write("g.hgr", "2 5\n1 2\n5 3\n"));
  EXPECT_EQ(hgr.num_vertices(), 5u);  // declared, vertex 4 isolated
  EXPECT_EQ(ids_of(hgr), (std::vector<std::uint64_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(input_edges(hgr), (lists{{1, 2}, {3, 5}}));
  const hypergraph chodrow = read_hypergraph(write("hyperedges-c.txt", "1,2\n3,2\n"));
  EXPECT_EQ(ids_of(chodrow), (std::vector<std::uint64_t>{1, 2, 3}));
}

TEST_F(hypergraph_ids, utf8_byte_order_mark_is_skipped) {
  const std::string bom = "\xEF\xBB\xBF";
  EXPECT_EQ(input_edges(read_hypergraph(write("a.hyp", bom + "0 1\n1 2\n"))), (lists{{0, 1}, {1, 2}}));
  EXPECT_EQ(input_edges(read_hypergraph(write("hyperedges-a.txt", bom + "1,2\n"))), (lists{{1, 2}}));
  EXPECT_EQ(input_edges(read_hypergraph(write("a.hgr", bom + "1 2\n1 2\n"))), (lists{{1, 2}}));
  EXPECT_EQ(read_hypergraph(write("a.json", bom + R"({"incidences": [{"edge": 0, "node": 1}]})")).num_pins(),
            1u);
  write("n/n-nverts.txt", bom + "2\n");
  write("n/n-simplices.txt", bom + "1\n2\n");
  EXPECT_EQ(input_edges(read_hypergraph(dir / "n")), (lists{{1, 2}}));
}

TEST_F(hypergraph_ids, json_weights_beyond_a_float_are_rejected) {
  const fs::path path =
      write("w.json", R"({"incidences": [{"edge": 0, "node": 1}], "edges": [{"edge": 0, "weight": 1e39}]})");
  try {
    read_hypergraph(path);
    FAIL() << "no error";
  } catch (const error& e) {
    EXPECT_NE(std::string(e.what()).find("1e+39 does not fit in a 32-bit float"), std::string::npos)
        << e.what();
  }
}

TEST_F(hypergraph_ids, fifo_is_read_to_its_end_with_the_format_named) {
  const fs::path path = dir / "pipe";
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  std::string text;
  for (int i = 0; i < 100000; ++i) text += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  std::thread writer([&] { std::ofstream(path, std::ios::binary) << text; });
  hypergraph_read_options options;
  options.format = hypergraph_format::plain;
  const hypergraph g = read_hypergraph(path, options);
  writer.join();
  EXPECT_EQ(g.num_hyperedges(), 100000u);
  EXPECT_EQ(g.num_vertices(), 100001u);
}

TEST_F(hypergraph_ids, text_written_reads_back_the_same) {
  const hypergraph g = read_hypergraph(write("t.hyp", "10 300\n\n300 7 10\n7\n"));
  write_hypergraph_text(g, dir / "out.hyp", text_output::hyperedge_lines);
  const hypergraph back = read_hypergraph(dir / "out.hyp");
  EXPECT_EQ(input_edges(back), input_edges(g));
  EXPECT_EQ(ids_of(back), ids_of(g));
  write_hypergraph_text(g, dir / "out.hyp.gz", text_output::hyperedge_lines);
  EXPECT_EQ(input_edges(read_hypergraph(dir / "out.hyp.gz")), input_edges(g));
  // hMETIS numbers vertices 1..n in increasing input id and cannot hold an empty hyperedge.
  EXPECT_THROW(write_hypergraph_text(g, dir / "out.hgr", text_output::hmetis), error);
  const hypergraph w = read_hypergraph(write("w.hgr", "% weighted\n2 4 11\n2 1 2\n5 2 3 4\n7\n8\n9\n10\n"));
  write_hypergraph_text(w, dir / "w2.hgr", text_output::hmetis);
  const hypergraph wb = read_hypergraph(dir / "w2.hgr");
  EXPECT_EQ(input_edges(wb), input_edges(w));
  EXPECT_EQ(std::vector<weight_t>(wb.edge_weights().begin(), wb.edge_weights().end()),
            std::vector<weight_t>(w.edge_weights().begin(), w.edge_weights().end()));
  EXPECT_EQ(std::vector<weight_t>(wb.vertex_weights().begin(), wb.vertex_weights().end()),
            std::vector<weight_t>(w.vertex_weights().begin(), w.vertex_weights().end()));
}

}  // namespace
}  // namespace plexus::io
