// Every hypergraph reader on the tiny fixtures in tests/data/hypergraphs (plain and gzip),
// format detection, and one bad-input case per failure mode with the exact message
// ("file:line: what") checked.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/io/read_hypergraph.hpp"

namespace plexus::io {
namespace {

namespace fs = std::filesystem;
using lists = std::vector<std::vector<std::uint32_t>>;

const fs::path kData = fs::path(PLEXUS_TEST_DATA_DIR) / "hypergraphs";

lists raw_edges(const incidence_list& list) {
  lists out;
  for (std::size_t h = 0; h + 1 < list.edge_offsets.size(); ++h)
    out.emplace_back(list.pins.begin() + static_cast<std::ptrdiff_t>(list.edge_offsets[h]),
                     list.pins.begin() + static_cast<std::ptrdiff_t>(list.edge_offsets[h + 1]));
  return out;
}

lists edge_lists(const hypergraph& g) {
  lists out;
  for (hyperedge_t h = 0; h < g.num_hyperedges(); ++h) out.emplace_back(g.pins(h).begin(), g.pins(h).end());
  return out;
}

template <class T>
std::vector<T> vec(std::span<const T> s) {
  return {s.begin(), s.end()};
}

/// A scratch folder per test process for the bad-input files, removed when the process ends.
class scratch_folder {
 public:
  scratch_folder() : path_(fs::temp_directory_path() / ("plexus-hypergraph-tests-" + std::to_string(::getpid()))) {
    fs::create_directories(path_);
  }
  scratch_folder(const scratch_folder&) = delete;
  scratch_folder& operator=(const scratch_folder&) = delete;
  ~scratch_folder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

fs::path scratch() {
  static const scratch_folder folder;
  return folder.path();
}

fs::path write_file(const std::string& name, const std::string& content) {
  const fs::path path = scratch() / name;
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

/// Reads `path` expecting a parse error whose message is exactly "path:line: what".
void expect_parse_error(const fs::path& path, const std::string& message) {
  try {
    read_hypergraph(path);
    FAIL() << path << " loaded; expected: " << message;
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::parse) << e.what();
    EXPECT_EQ(std::string(e.what()), message);
  }
}

std::string at(const fs::path& path, int line, const std::string& what) {
  return path.string() + ":" + std::to_string(line) + ": " + what;
}

// ---- Benson -------------------------------------------------------------------------------

// The fixture names ids 1, 2, 3, 4 and 6: those are the vertices, renumbered 0..4.
const lists kBensonEdges = {{0, 1}, {1, 2, 3}, {4}, {0, 1}};
const std::vector<std::uint64_t> kBensonIds = {1, 2, 3, 4, 6};

TEST(BensonReader, EveryWayOfNamingTheDataset) {
  for (const fs::path& path : {kData / "tiny-nverts.txt", kData / "tiny-simplices.txt", kData / "tiny"}) {
    const incidence_list list = read_incidence_list(path);
    EXPECT_EQ(raw_edges(list), kBensonEdges) << path;
    EXPECT_EQ(list.num_vertices, 5u) << path;  // id 5 never occurs, so it is no vertex
    EXPECT_EQ(vec<std::uint64_t>(list.original_ids), kBensonIds) << path;
  }
  const incidence_list folder = read_incidence_list(kData / "tinygz");
  EXPECT_EQ(raw_edges(folder), kBensonEdges);
}

TEST(BensonReader, GzipAndBuildOptions) {
  const hypergraph g = read_hypergraph(kData / "tinygz" / "tinygz-simplices.txt.gz");
  EXPECT_EQ(g.num_vertices(), 5u);
  EXPECT_EQ(g.num_hyperedges(), 4u);
  EXPECT_EQ(g.original_id(4), 6u);
  EXPECT_EQ(g.vertex_degree(4), 1u);
  hypergraph_read_options options;
  options.build.remove_duplicate_edges = true;
  options.build.compact_ids = true;
  const hypergraph u = read_hypergraph(kData / "tiny", options);
  EXPECT_EQ(edge_lists(u), (lists{{0, 1}, {1, 2, 3}, {4}}));
  EXPECT_EQ(vec(u.original_ids()), kBensonIds);
}

TEST(BensonReader, CountsThatDisagree) {
  write_file("short/short-nverts.txt", "2\n3\n2\n");
  const fs::path simplices = write_file("short/short-simplices.txt", "1\n2\n3\n4\n5\n6\n");
  expect_parse_error(scratch() / "short",
                     at(scratch() / "short/short-nverts.txt", 3,
                        "simplex 3 runs past the end of " + simplices.string() +
                            ", which holds 6 vertex ids (the sizes add up to 7)"));
  const fs::path nverts = write_file("long/long-nverts.txt", "2\n1\n");
  const fs::path more = write_file("long/long-simplices.txt", "1\n2\n3\n4\n");
  expect_parse_error(scratch() / "long",
                     at(more, 4, "vertex id beyond the 3 that " + nverts.string() + " accounts for (this file holds 4)"));
}

TEST(BensonReader, BadTokens) {
  write_file("zero/zero-nverts.txt", "2\n");
  const fs::path zero = write_file("zero/zero-simplices.txt", "1\n0\n");
  expect_parse_error(scratch() / "zero", at(zero, 2, "vertex id 0 in a file of 1-based ids"));
  const fs::path size = write_file("size/size-nverts.txt", "1\n-2\n");
  write_file("size/size-simplices.txt", "1\n2\n3\n");
  expect_parse_error(scratch() / "size", at(size, 2, "simplex size '-2' is not a non-negative integer"));
  write_file("word/word-nverts.txt", "1\n");
  const fs::path word = write_file("word/word-simplices.txt", "x7\n");
  expect_parse_error(scratch() / "word", at(word, 1, "vertex id 'x7' is not a non-negative integer"));
}

// ---- Chodrow -------------------------------------------------------------------------------

TEST(ChodrowReader, TinyFixture) {
  const incidence_list list = read_incidence_list(kData / "hyperedges-tiny.txt");
  EXPECT_EQ(raw_edges(list), (lists{{0, 1, 2}, {1, 3}, {3, 3, 4}}));
  EXPECT_EQ(list.num_vertices, 5u);
  const hypergraph g = read_hypergraph(kData / "hyperedges-tiny.txt");
  EXPECT_EQ(edge_lists(g), (lists{{0, 1, 2}, {1, 3}, {3, 4}}));
  EXPECT_EQ(g.num_pins(), 7u);
}

TEST(ChodrowReader, BadInput) {
  const fs::path zero = write_file("hyperedges-zero.txt", "1,2\n3,0\n");
  expect_parse_error(zero, at(zero, 2, "vertex id 0 in a file of 1-based ids"));
  const fs::path word = write_file("hyperedges-word.txt", "1,2\n3\n4,five\n");
  expect_parse_error(word, at(word, 3, "vertex id 'five' is not a non-negative integer"));
  const fs::path huge = write_file("hyperedges-huge.txt", "1\n4294967296\n");
  expect_parse_error(huge, at(huge, 2, "vertex id 4294967296 exceeds the 32-bit vertex id range"));
}

// ---- hMETIS --------------------------------------------------------------------------------

TEST(HmetisReader, WeightedFixture) {
  const incidence_list list = read_incidence_list(kData / "tiny.hgr");
  EXPECT_EQ(raw_edges(list), (lists{{0, 1}, {1, 2, 3}, {3}}));
  EXPECT_EQ(list.num_vertices, 4u);
  EXPECT_EQ(vec<weight_t>(list.edge_weights), (std::vector<weight_t>{2, 5, 1}));
  EXPECT_EQ(vec<weight_t>(list.vertex_weights), (std::vector<weight_t>{7, 8, 9, 10}));
  hypergraph_read_options options;
  options.keep_weights = false;
  const hypergraph g = read_hypergraph(kData / "tiny.hgr", options);
  EXPECT_TRUE(g.edge_weights().empty());
  EXPECT_TRUE(g.vertex_weights().empty());
  EXPECT_EQ(g.num_pins(), 6u);
}

TEST(HmetisReader, BadInput) {
  const fs::path header = write_file("header.hgr", "% c\n3 x\n");
  expect_parse_error(header, at(header, 2, "header: vertex count 'x' is not a non-negative integer"));
  const fs::path fmt = write_file("fmt.hgr", "1 2 12\n1 2\n");
  expect_parse_error(fmt, at(fmt, 1, "header: unknown fmt 12 (expected 0, 1, 10 or 11)"));
  const fs::path range = write_file("range.hgr", "2 3\n1 2\n3 4\n");
  expect_parse_error(range, at(range, 3, "vertex id 4 exceeds the declared 3 vertices"));
  const fs::path zero = write_file("zero.hgr", "1 3\n0 2\n");
  expect_parse_error(zero, at(zero, 2, "vertex id 0 in a file of 1-based ids"));
  const fs::path truncated = write_file("truncated.hgr", "3 3\n1 2\n2 3\n");
  expect_parse_error(truncated, at(truncated, 4, "the file ends after 2 of the 3 hyperedge lines the header announces"));
  const fs::path negative = write_file("negative.hgr", "2 3 1\n1 1 2\n-4 3\n");
  expect_parse_error(negative, at(negative, 3, "hyperedge weight -4 is not a positive integer"));
  const fs::path nan = write_file("nan.hgr", "1 2 10\n1 2\n1\nnan\n");
  expect_parse_error(nan, at(nan, 4, "vertex weight 'nan' is not a positive integer"));
  const fs::path extra = write_file("extra.hgr", "1 2\n1 2\n2\n");
  expect_parse_error(extra, at(extra, 3, "unexpected data after the hyperedges the header announces"));
  // A header claiming billions of hyperedges must fail on the missing lines, not allocate.
  const fs::path liar = write_file("liar.hgr", "4000000000 5\n1 2\n");
  expect_parse_error(liar, at(liar, 3, "the file ends after 1 of the 4000000000 hyperedge lines the header announces"));
  const fs::path empty = write_file("empty.hgr", "% only a comment\n");
  expect_parse_error(empty, at(empty, 2, "missing header line 'num_hyperedges num_vertices [fmt]'"));
}

// ---- JSON ----------------------------------------------------------------------------------

TEST(JsonReader, HifWithStringIdsAndWeights) {
  const incidence_list list = read_incidence_list(kData / "tiny.hif.json");
  // nodes b, a, z declared, then c first seen in the incidences; edges e2, e1, then e3.
  EXPECT_EQ(list.num_vertices, 4u);
  EXPECT_EQ(raw_edges(list), (lists{{3, 1}, {1, 0}, {3}}));
  EXPECT_EQ(vec<weight_t>(list.edge_weights), (std::vector<weight_t>{3, 1, 1}));
  EXPECT_EQ(vec<weight_t>(list.vertex_weights), (std::vector<weight_t>{2.5f, 1, 1, 1}));
  EXPECT_TRUE(list.original_ids.empty());  // ids are not integers
  const hypergraph g = read_hypergraph(kData / "tiny.hif.json");
  EXPECT_EQ(g.vertex_degree(2), 0u);  // "z" is declared but in no hyperedge
  EXPECT_EQ(edge_lists(g), (lists{{1, 3}, {0, 1}, {3}}));
}

TEST(JsonReader, XgiEdgeDictWithIntegerIds) {
  const incidence_list list = read_incidence_list(kData / "tiny_xgi.json");
  EXPECT_EQ(list.num_vertices, 3u);
  EXPECT_EQ(raw_edges(list), (lists{{1, 2}, {0, 1, 2}, {}}));
  EXPECT_EQ(vec<std::uint64_t>(list.original_ids), (std::vector<std::uint64_t>{10, 3, 7}));
  hypergraph_read_options options;
  options.build.remove_empty_edges = true;
  const hypergraph g = read_hypergraph(kData / "tiny_xgi.json", options);
  EXPECT_EQ(g.num_hyperedges(), 2u);
  EXPECT_EQ(g.original_id(0), 10u);
}

void expect_json_error(const std::string& name, const std::string& content, const std::string& message) {
  const fs::path path = write_file(name, content);
  try {
    read_hypergraph(path);
    FAIL() << name << " loaded";
  } catch (const error& e) {
    EXPECT_EQ(std::string(e.what()), path.string() + message);
  }
}

TEST(JsonReader, BadInput) {
  const fs::path syntax = write_file("syntax.json", "{\n  \"incidences\": [\n    {\"edge\": 1, \"node\": }\n  ]\n}\n");
  try {
    read_hypergraph(syntax);
    FAIL();
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::parse);
    EXPECT_EQ(std::string(e.what()).rfind(syntax.string() + ":3: invalid JSON: ", 0), 0u) << e.what();
  }
  expect_json_error("missing.json", R"({"incidences": [{"edge": 1, "node": 2}, {"edge": 1}]})",
                    ": incidences[1]: missing \"node\"");
  expect_json_error("neither.json", R"({"nodes": []})",
                    ": neither \"incidences\" (HIF) nor \"edge-dict\" (XGI-data) found");
  expect_json_error("float_id.json", R"({"incidences": [{"edge": 1, "node": 2.5}]})",
                    ": incidences[0]: node id must be a string or an integer, not 2.5");
  expect_json_error("weight.json", R"({"nodes": [{"node": 1, "weight": -2}], "incidences": []})",
                    ": nodes[0]: weight -2 is not a non-negative number");
  expect_json_error("array.json", "[1, 2]", ": the top level is not a JSON object (expected HIF or XGI-data)");
  // Found by fuzzing: a number beyond any numeric type is rejected by the JSON library with
  // an exception that is not a syntax error.
  expect_json_error("overflow.json", R"({"incidences": [{"edge": 77777e777777, "node": 1}]})",
                    ": invalid JSON: [json.exception.out_of_range.406] number overflow parsing '77777e777777'");
}

// ---- plain ---------------------------------------------------------------------------------

TEST(PlainReader, FixtureAndGzip) {
  for (const char* name : {"tiny.hyp", "tiny_gz.hyp.gz"}) {
    const incidence_list list = read_incidence_list(kData / name);
    EXPECT_EQ(raw_edges(list), (lists{{0, 1, 2}, {2, 3}, {}, {4}})) << name;
    EXPECT_EQ(list.num_vertices, 5u);
  }
  hypergraph_read_options options;
  options.build.remove_empty_edges = true;
  EXPECT_EQ(read_hypergraph(kData / "tiny.hyp", options).num_hyperedges(), 3u);
}

TEST(PlainReader, BadInput) {
  const fs::path bad = write_file("bad.hyp", "0 1\n# fine\n2 3.5\n");
  expect_parse_error(bad, at(bad, 3, "vertex id '3.5' is not a non-negative integer"));
}

// ---- detection -----------------------------------------------------------------------------

TEST(HypergraphFormat, NamesRoundTrip) {
  for (const auto f : {hypergraph_format::automatic, hypergraph_format::benson, hypergraph_format::chodrow,
                       hypergraph_format::hmetis, hypergraph_format::json, hypergraph_format::plain,
                       hypergraph_format::plx})
    EXPECT_EQ(parse_hypergraph_format(to_string(f)), f);
  EXPECT_EQ(parse_hypergraph_format("HIF"), hypergraph_format::json);
  EXPECT_THROW(parse_hypergraph_format("mtx"), error);
}

TEST(HypergraphFormat, ExplicitFormatAndUnknownNames) {
  // A .txt file read as Chodrow on request: same layout, 1-based.
  const fs::path path = write_file("edges.txt", "1,2\n2,3\n");
  hypergraph_read_options options;
  options.format = hypergraph_format::chodrow;
  const incidence_list chodrow = read_incidence_list(path, options);
  EXPECT_EQ(raw_edges(chodrow), (lists{{0, 1}, {1, 2}}));
  EXPECT_EQ(vec<std::uint64_t>(chodrow.original_ids), (std::vector<std::uint64_t>{1, 2, 3}));
  const incidence_list plain = read_incidence_list(path);  // plain: ids as written, renumbered
  EXPECT_EQ(raw_edges(plain), (lists{{0, 1}, {1, 2}}));
  EXPECT_EQ(vec<std::uint64_t>(plain.original_ids), (std::vector<std::uint64_t>{1, 2, 3}));
  const fs::path unknown = write_file("edges.dat", "1 2\n");
  try {
    read_hypergraph(unknown);
    FAIL();
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::unsupported);
  }
  EXPECT_THROW(read_hypergraph(scratch() / "absent.hgr"), error);
}

// Found by fuzzing: a file naming vertex 1221221221 with a single pin once needed gigabytes
// of offsets. Ids that occur are the vertices now, so such files are cheap; a declared vertex
// count (hMETIS) far beyond the pins is still refused before anything is allocated.
TEST(ReadHypergraph, SparseIdsCostOnlyTheVerticesThatOccur) {
  const hypergraph g = read_hypergraph(write_file("sparse.hyp", "0 1221221221\n"));
  EXPECT_EQ(g.num_vertices(), 2u);
  EXPECT_EQ(g.original_id(1), 1221221221u);
  EXPECT_EQ(read_hypergraph(write_file("sparse26.hyp", "3 67108000 67108001\n")).num_vertices(), 3u);
  const fs::path declared = write_file("sparse.hgr", "1 1221221221\n1 1221221221\n");
  try {
    read_hypergraph(declared);
    FAIL() << "loaded";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::parse);
    EXPECT_NE(std::string(e.what()).find("refusing to allocate so many isolated vertices"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(read_hypergraph(write_file("floor.hgr", "1 4194304\n1 4194304\n")).num_vertices(), 4194304u);
}

}  // namespace
}  // namespace plexus::io
