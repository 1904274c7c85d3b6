// Loads every graph of the shared third-party datasets with read_graph and checks vertex
// count, edge count and maximum degree against the dataset MANIFEST (tables 1 and 2):
// undirected graphs are symmetrized and counted as unordered pairs, directed graphs keep
// their arcs; self-loops and parallel arcs are dropped as the manifest counts them.
// Skipped, with the reason, when the datasets folder is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>

#include "plexus/io/read_graph.hpp"
#include "skip_reasons.hpp"

namespace plexus::io {
namespace {

struct graph_case {
  const char* file;
  std::optional<bool> directed;  // override of what the file says (SNAP headers say "Directed" for every file)
  graph_format format;
  std::optional<bool> compact_ids;
  vertex_t vertices;
  edge_t edges;
  edge_t max_degree;  // undirected: max degree; directed: max out-degree
};

/// Test listings show a case by its file.
void PrintTo(const graph_case& c, std::ostream* os) {
  *os << c.file;
}

constexpr auto automatic = graph_format::automatic;
constexpr std::optional<bool> as_file = std::nullopt;

// Directedness and figures from MANIFEST.md table 1.
const graph_case kCases[] = {
    {"karate.mtx", as_file, automatic, {}, 34, 78, 17},
    {"dolphins.mtx", as_file, automatic, {}, 62, 159, 12},
    {"polbooks.mtx", as_file, automatic, {}, 105, 441, 25},
    {"netscience.mtx", as_file, automatic, {}, 1589, 2742, 34},
    {"lesmis.graph", as_file, automatic, {}, 77, 254, 36},
    {"chesapeake.mtx", as_file, automatic, {}, 39, 170, 33},
    {"email-Eu-core.txt", true, automatic, {}, 1005, 24929, 333},
    {"facebook_combined.txt", false, automatic, {}, 4039, 88234, 1045},
    {"Wiki-Vote.txt", true, automatic, {}, 7115, 103689, 893},
    {"CA-GrQc.txt", false, automatic, {}, 5242, 14484, 81},
    {"CA-HepTh.txt", false, automatic, {}, 9877, 25973, 65},
    {"p2p-Gnutella08.txt", true, automatic, {}, 6301, 20777, 48},
    {"soc-sign-bitcoinalpha.csv", true, automatic, {}, 3783, 24186, 490},
    {"as-caida20071105.txt", true, automatic, {}, 26475, 106762, 2628},
    {"Email-Enron.txt", false, automatic, {}, 36692, 183831, 1383},
    {"power.graph", as_file, automatic, {}, 4941, 6594, 19},
    {"PGPgiantcompo.graph", as_file, automatic, {}, 10680, 24316, 205},
    {"polblogs.graph", as_file, automatic, {}, 1490, 16715, 351},
    {"foodweb-baydry.konect", as_file, automatic, {}, 128, 2137, 63},
    {"astro-ph.graph", as_file, automatic, {}, 16706, 121251, 360},
    {"MIT8.edgelist", false, automatic, false, 6440, 251252, 708},
    {"4elt.graph", as_file, automatic, {}, 15606, 45878, 10},
    {"luxembourg_osm.mtx", as_file, automatic, {}, 114599, 119666, 6},
    {"rome99.gr", as_file, automatic, {}, 3353, 8859, 5},
    {"delaunay_n10.graph", as_file, automatic, {}, 1024, 3056, 12},
    {"delaunay_n15.graph", as_file, automatic, {}, 32768, 98274, 18},
    {"bcsstk13.mtx", as_file, automatic, {}, 2003, 40940, 94},
    {"jagmesh7.mtx", as_file, automatic, {}, 1138, 3156, 6},
    {"west0067.mtx", as_file, automatic, {}, 67, 292, 6},
    // GraphScope's "src dst weight" with ids 1..n (n = 62586 lines of p2p-31.v): a 1-based
    // weighted id list, which is what the KONECT reader parses; ids kept, not renumbered.
    {"p2p-31.e", true, graph_format::konect, false, 62586, 147892, 78},
    // LINQS "cited citing" pairs of sparse paper ids: a whitespace id list.
    {"cora.cites", true, graph_format::snap, {}, 2708, 5429, 166},
    {"football.gml", as_file, automatic, {}, 115, 613, 12},
};

class graph_datasets : public ::testing::TestWithParam<graph_case> {};

std::filesystem::path graphs_dir() { return std::filesystem::path(PLEXUS_DATASETS_DIR) / "graphs"; }

TEST_P(graph_datasets, counts_match_the_manifest) {
  const graph_case& c = GetParam();
  const auto path = graphs_dir() / c.file;
  PLEXUS_SKIP_WITHOUT_DATASET(graphs_dir());
  ASSERT_TRUE(std::filesystem::exists(path)) << path << " is listed in MANIFEST.md but missing";
  read_options options;
  options.format = c.format;
  options.directed = c.directed;
  options.compact_ids = c.compact_ids;
  const csr_graph g = read_graph(path, options);
  EXPECT_EQ(g.num_vertices(), c.vertices);
  EXPECT_EQ(g.num_logical_edges(), c.edges);
  edge_t max_degree = 0;
  for (vertex_t v = 0; v < g.num_vertices(); ++v) max_degree = std::max(max_degree, g.degree(v));
  EXPECT_EQ(max_degree, c.max_degree);
}

std::string case_name(const ::testing::TestParamInfo<graph_case>& info) {
  std::string name = info.param.file;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(manifest, graph_datasets, ::testing::ValuesIn(kCases), case_name);

TEST(graph_datasets_extra, directedness_and_weights_follow_the_files) {
  PLEXUS_SKIP_WITHOUT_DATASET(graphs_dir());
  const csr_graph karate = read_graph(graphs_dir() / "karate.mtx");
  EXPECT_FALSE(karate.directed());
  EXPECT_FALSE(karate.weighted());
  const csr_graph rome = read_graph(graphs_dir() / "rome99.gr");
  EXPECT_TRUE(rome.directed());
  ASSERT_TRUE(rome.weighted());
  const auto w = rome.weights();
  EXPECT_EQ(*std::min_element(w.begin(), w.end()), 1.0f);      // MANIFEST table 2: 1..12711
  EXPECT_EQ(*std::max_element(w.begin(), w.end()), 12711.0f);
  const csr_graph bitcoin = read_graph(graphs_dir() / "soc-sign-bitcoinalpha.csv");
  ASSERT_TRUE(bitcoin.weighted());
  EXPECT_EQ(*std::min_element(bitcoin.weights().begin(), bitcoin.weights().end()), -10.0f);
  EXPECT_EQ(*std::max_element(bitcoin.weights().begin(), bitcoin.weights().end()), 10.0f);
  const csr_graph lesmis = read_graph(graphs_dir() / "lesmis.graph");
  ASSERT_TRUE(lesmis.weighted());
  EXPECT_EQ(*std::max_element(lesmis.weights().begin(), lesmis.weights().end()), 31.0f);
}

TEST(graph_datasets_extra, football_gml) {
  PLEXUS_SKIP_WITHOUT_DATASET(graphs_dir());
  // Newman's GML has no `directed` key, so it is undirected; node `value` is the conference.
  const edge_list e = read_edge_list(graphs_dir() / "football.gml");
  EXPECT_FALSE(e.directed);
  EXPECT_FALSE(e.weighted());
  EXPECT_EQ(e.size(), 613u);  // MANIFEST: 613 records
  ASSERT_EQ(e.original_ids.size(), 115u);
  EXPECT_EQ(e.original_ids.front(), 0u);
  EXPECT_EQ(e.original_ids.back(), 114u);
}

TEST(graph_datasets_extra, graphalytics_edges_read_with_their_vertex_file) {
  PLEXUS_SKIP_WITHOUT_DATASET(graphs_dir());
  // GraphScope's p2p-31: "src dst weight" edges and "id value" vertices, ids 1..62586.
  const csr_graph g = read_graph(graphs_dir() / "p2p-31.e");
  EXPECT_TRUE(g.directed());
  EXPECT_TRUE(g.weighted());
  EXPECT_EQ(g.num_vertices(), 62586u);
  EXPECT_EQ(g.num_logical_edges(), 147892u);
  EXPECT_EQ(g.original_id(0), 1u);
  EXPECT_EQ(g.original_id(62585), 62586u);
}

TEST(graph_datasets_extra, one_based_files_keep_their_ids) {
  PLEXUS_SKIP_WITHOUT_DATASET(graphs_dir());
  for (const char* name : {"karate.mtx", "rome99.gr", "lesmis.graph", "foodweb-baydry.konect"}) {
    const csr_graph g = read_graph(graphs_dir() / name);
    ASSERT_TRUE(g.has_original_ids()) << name;
    EXPECT_EQ(g.original_id(0), 1u) << name;
    EXPECT_EQ(g.original_id(g.num_vertices() - 1), g.num_vertices()) << name;
  }
}

TEST(graph_datasets_extra, signed_bitcoin_ratings_and_times_as_weights) {
  PLEXUS_SKIP_WITHOUT_DATASET(graphs_dir());
  // SOURCE,TARGET,RATING,TIME: the rating is the default weight, --weight-column 4 the time.
  read_options time;
  time.weight_column = 4;
  const csr_graph g = read_graph(graphs_dir() / "soc-sign-bitcoinalpha.csv", time);
  ASSERT_TRUE(g.weighted());
  EXPECT_GT(*std::min_element(g.weights().begin(), g.weights().end()), 1.0e9f);  // seconds since 1970
  EXPECT_EQ(g.num_logical_edges(), 24186u);
}

}  // namespace
}  // namespace plexus::io
