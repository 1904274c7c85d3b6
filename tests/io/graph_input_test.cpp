// The input layer under every graph reader: byte-order marks, gzip within a limit, FIFOs and
// pipes read to their end, empty inputs, and formats told by the content.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <thread>

#include "graph_test_files.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus::io {
namespace {

using test::arc;
using test::arcs_of;
using test::expect_error_at;
using test::sorted;

constexpr const char* kBom = "\xEF\xBB\xBF";

/// Writes `text` into a FIFO from another thread while `read` reads it (a pipe has no size
/// and cannot be reopened, which is what `<(zcat g.gz)` hands a program).
template <class Read>
auto through_fifo(const test::graph_temp_dir& dir, const std::string& name, const std::string& text,
                  Read&& read) {
  const auto path = dir.path() / name;
  if (::mkfifo(path.c_str(), 0600) != 0) throw std::runtime_error("mkfifo failed");
  std::thread writer([&] {
    std::ofstream out(path, std::ios::binary);
    out << text;
  });
  struct joiner {
    std::thread& t;
    ~joiner() { t.join(); }
  } join{writer};
  return read(path);
}

TEST(read_graph, utf8_byte_order_mark_is_skipped) {
  test::graph_temp_dir dir;
  // One file per text format, each starting with a byte-order mark right before its first
  // edge or header; every one must give the same three arcs.
  const std::pair<const char*, std::string> files[] = {
      {"g.txt", "0\t1\n1\t2\n2\t0\n"},
      {"g.csv", "0,1\n1,2\n2,0\n"},
      {"g.el", "0 1\n1 2\n2 0\n"},
      {"g.wel", "0 1 1\n1 2 1\n2 0 1\n"},
      {"g.konect", "1 2\n2 3\n3 1\n"},
      {"g.e", "0 1\n1 2\n2 0\n"},
      {"g.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n2 3\n3 1\n"},
      {"g.gr", "p sp 3 3\na 1 2 1\na 2 3 1\na 3 1 1\n"},
      {"g.gml",
       "graph [ directed 1 node [ id 0 ] node [ id 1 ] node [ id 2 ]\n"
       "edge [ source 0 target 1 ] edge [ source 1 target 2 ] edge [ source 2 target 0 ] ]\n"},
  };
  for (const auto& [name, text] : files) {
    const edge_list e = read_edge_list(dir.write(name, kBom + text));
    EXPECT_EQ(e.size(), 3u) << name;
    EXPECT_EQ(e.num_vertices, 3u) << name;
    std::vector<arc> unweighted;
    for (const auto& [u, v, w] : arcs_of(e)) unweighted.emplace_back(u, v, 0.0f);
    EXPECT_EQ(sorted(unweighted), (std::vector<arc>{{0, 1, 0}, {1, 2, 0}, {2, 0, 0}})) << name;
  }
  // METIS is undirected; its header is the first line.
  const edge_list metis = read_edge_list(dir.write("g.graph", std::string(kBom) + "3 2\n2\n1 3\n2\n"));
  EXPECT_EQ(metis.num_vertices, 3u);
  EXPECT_EQ(metis.size(), 2u);
  // Gzip inflates first; the mark inside is skipped too.
  const edge_list gz = read_edge_list(dir.write_gz("h.txt.gz", std::string(kBom) + "0 1\n1 2\n"));
  EXPECT_EQ(gz.size(), 2u);
  // Line numbers do not move: the bad token is still on line 2.
  const auto bad = dir.write("bad.txt", std::string(kBom) + "0 1\n1 x\n");
  expect_error_at([&] { read_edge_list(bad); }, bad, 2, "target vertex id 'x'");
}

TEST(read_graph, gzip_input_stops_inflating_at_the_limit) {
  test::graph_temp_dir dir;
  std::string text;
  for (int i = 0; i < (1 << 18); ++i) text += "0 1\n";  // 1 MiB that gzip packs into about 1 KiB
  const auto path = dir.write_gz("bomb.el.gz", text);
  read_options options;
  options.max_inflate = 64 << 10;
  const std::string message = expect_error_at([&] { read_edge_list(path, options); }, path, 0, "64 KiB");
  EXPECT_NE(message.find("--max-inflate"), std::string::npos) << message;
  options.max_inflate = std::uint64_t{1} << 20;  // exactly the inflated size: allowed
  EXPECT_EQ(read_edge_list(path, options).size(), std::size_t{1} << 18);
}

TEST(read_graph, default_inflate_limit_is_proportional_and_bounded_by_memory) {
  constexpr std::uint64_t MiB = std::uint64_t{1} << 20;
  EXPECT_EQ(detail::default_inflate_limit(MiB, std::uint64_t{64} << 30), 100 * MiB + 256 * MiB);
  EXPECT_EQ(detail::default_inflate_limit(0, std::uint64_t{64} << 30), 256 * MiB);
  EXPECT_EQ(detail::default_inflate_limit(std::uint64_t{1} << 30, std::uint64_t{16} << 30),
            std::uint64_t{8} << 30);
  EXPECT_EQ(detail::default_inflate_limit(UINT64_MAX, 1024), 512u);
}

TEST(read_graph, fifo_is_read_to_its_end) {
  test::graph_temp_dir dir;
  // Large enough that the writer blocks on a full pipe several times.
  std::string text = "%%MatrixMarket matrix coordinate pattern general\n200000 200000 200000\n";
  for (int i = 1; i <= 200000; ++i) text += std::to_string(i) + " " + std::to_string(i % 200000 + 1) + "\n";
  const csr_graph g =
      through_fifo(dir, "pipe", text, [](const std::filesystem::path& p) { return read_graph(p); });
  EXPECT_EQ(g.num_vertices(), 200000u);
  EXPECT_EQ(g.num_edges(), 200000u);
  // gzip through a pipe, and the format named by the caller when the content cannot say it.
  std::string snap;
  for (int i = 0; i < 1000; ++i) snap += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  const auto gz = dir.write_gz("src.gz", snap);
  std::ifstream in(gz, std::ios::binary);
  const std::string compressed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  read_options options;
  options.format = graph_format::snap;
  const edge_list e = through_fifo(
      dir, "gzpipe", compressed, [&](const std::filesystem::path& p) { return read_edge_list(p, options); });
  EXPECT_EQ(e.size(), 1000u);
  EXPECT_EQ(e.num_vertices, 1001u);
}

TEST(read_graph, a_pipe_whose_content_names_no_format_asks_for_one) {
  test::graph_temp_dir dir;
  const std::string path = (dir.path() / "pipe").string();
  try {
    through_fifo(dir, "pipe", "0 1 2 3\n1 2 3 4\n",
                 [](const std::filesystem::path& p) { return read_edge_list(p); });
    ADD_FAILURE() << "no error";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::unsupported);
    EXPECT_EQ(std::string(e.what()).rfind(path + ": cannot tell the format", 0), 0u) << e.what();
    EXPECT_NE(std::string(e.what()).find("--format"), std::string::npos) << e.what();
  }
  // DIMACS and Matrix Market say what they are.
  const edge_list gr = through_fifo(dir, "pipe2", "c x\np sp 2 1\na 1 2 3\n",
                                    [](const std::filesystem::path& p) { return read_edge_list(p); });
  EXPECT_EQ(gr.size(), 1u);
}

// A plain edge list has no banner, but nothing else reads a first line of two ids (SNAP) or of
// two ids and a weight (.wel): a pipe of either needs no --format. A file's name still decides.
TEST(read_graph, a_pipe_of_a_plain_edge_list_is_read_without_format) {
  test::graph_temp_dir dir;
  const edge_list pairs = through_fifo(dir, "pairs", "# comment\n0 1\n1 2\n",
                                       [](const std::filesystem::path& p) { return read_edge_list(p); });
  EXPECT_EQ(pairs.size(), 2u);
  EXPECT_FALSE(pairs.weighted());
  const edge_list weighted = through_fifo(dir, "weighted", "0 1 0.5\n1 2 2\n",
                                          [](const std::filesystem::path& p) { return read_edge_list(p); });
  EXPECT_EQ(weighted.size(), 2u);
  ASSERT_TRUE(weighted.weighted());
  EXPECT_FLOAT_EQ(weighted.weights[0], 0.5f);
  const auto named = dir.write("g.xyz", "0 1\n");
  expect_error_at([&] { read_edge_list(named); }, named, 0, "unknown format", error_kind::unsupported);
}

TEST(read_graph, empty_input_is_an_error_naming_the_file) {
  test::graph_temp_dir dir;
  for (const char* name : {"e.txt", "e.mtx", "e.el", "e.xyz"}) {
    const auto path = dir.write(name, "");
    expect_error_at([&] { read_graph(path); }, path, 0, "empty input (0 bytes)");
  }
  const auto gz = dir.write_gz("e.txt.gz", "");
  expect_error_at([&] { read_graph(gz); }, gz, 0, "inflates to nothing");
}

TEST(read_graph, unknown_format_says_to_name_it) {
  test::graph_temp_dir dir;
  const auto path = dir.write("g.xyz", "0 1\n");
  const std::string message =
      expect_error_at([&] { read_graph(path); }, path, 0, "unknown format", error_kind::unsupported);
  EXPECT_NE(message.find("name it with --format (mtx, snap, el, wel, gr, metis, konect, csv, gml, e, plx)"),
            std::string::npos)
      << message;
  // Content that names its format needs no extension.
  EXPECT_EQ(read_graph(dir.write("g.data", "c road\np sp 2 1\na 1 2 5\n")).num_edges(), 1u);
}

}  // namespace
}  // namespace plexus::io
