// Connected-components reference: canonical labels on hand-made graphs, weak connectivity of
// directed graphs, the partition checker, and the component counts of MANIFEST.md table 2
// for every shared dataset.
#include "plexus/algorithms/cc/cc_verify.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <ostream>
#include <vector>

#include "plexus/io/read_graph.hpp"
#include "skip_reasons.hpp"
#include "tiny_graph.hpp"

namespace plexus {
namespace {

using test::tiny_graph;
using pairs = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

std::vector<vertex_t> labels_of(const csr_graph& g) {
  const auto l = verify::reference_components(g);
  return {l.begin(), l.end()};
}

// 0-3, 3-5, 1-4 and 2, 6 isolated: {0,3,5}, {1,4}, {2}, {6}.
csr_graph scattered() { return tiny_graph(7, {{3, 0}, {5, 3}, {4, 1}}, false); }

TEST(verify_components, smallest_id_labels) {
  EXPECT_EQ(labels_of(scattered()), (std::vector<vertex_t>{0, 1, 2, 0, 1, 0, 6}));
  const auto l = labels_of(scattered());
  EXPECT_EQ(verify::component_count(l), 4u);
  EXPECT_EQ(verify::component_sizes(l), (std::vector<std::uint64_t>{3, 2, 1, 1}));
  EXPECT_EQ(verify::component_size_histogram(l), (pairs{{1, 2}, {2, 1}, {3, 1}}));
}

TEST(verify_components, directed_graphs_are_weakly_connected) {
  // 3 -> 1 <- 2 and 5 -> 4: no vertex reaches both 2 and 3, yet {1,2,3} is one weak component.
  const csr_graph g = tiny_graph(6, {{3, 1}, {2, 1}, {5, 4}}, true);
  EXPECT_EQ(labels_of(g), (std::vector<vertex_t>{0, 1, 1, 1, 4, 4}));
}

TEST(verify_components, long_chain_labels_collapse_to_the_minimum) {
  // Edges listed from the high end: union-find must still root everything at 0.
  std::vector<test::arc> arcs;
  for (vertex_t v = 99; v > 0; --v) arcs.push_back({v, v - 1});
  const auto l = labels_of(tiny_graph(100, arcs, true));
  for (vertex_t v = 0; v < 100; ++v) ASSERT_EQ(l[v], 0u) << v;
}

TEST(verify_components, empty_graph) {
  EXPECT_TRUE(labels_of(tiny_graph(0, {}, false)).empty());
  EXPECT_EQ(verify::component_count(std::vector<vertex_t>{}), 0u);
}

TEST(verify_components, compare_accepts_any_labels_of_the_same_partition) {
  const csr_graph g = scattered();
  EXPECT_TRUE(verify::compare_components(g, labels_of(g)).ok);
  const std::vector<vertex_t> renamed{5, 9, 7, 5, 9, 5, 0};
  const auto ok = verify::compare_components(g, renamed);
  EXPECT_TRUE(ok.ok) << ok.message;
}

TEST(verify_components, compare_rejects_split_and_merged_components) {
  const csr_graph g = scattered();
  const std::vector<vertex_t> split{0, 1, 2, 0, 1, 5, 6};  // vertex 5 cut from {0, 3}
  auto v = verify::compare_components(g, split);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("vertex 5"), std::string::npos) << v.message;
  const std::vector<vertex_t> merged{0, 1, 0, 0, 1, 0, 6};  // isolated 2 joined to {0, 3, 5}
  v = verify::compare_components(g, merged);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("vertex 2"), std::string::npos) << v.message;
  EXPECT_FALSE(verify::compare_components(g, std::vector<vertex_t>{0, 1}).ok);
}

TEST(verify_components, names_vertices_and_labels_by_the_input_ids) {
  // scattered() read from a file whose ids are 10, 20, ..., 70.
  const csr_graph g =
      test::tiny_graph_with_ids({10, 20, 30, 40, 50, 60, 70}, {{3, 0}, {5, 3}, {4, 1}}, false);
  const auto message = [&](std::vector<vertex_t> labels) {
    return verify::compare_component_labels(g, labels).message;
  };
  EXPECT_EQ(message({0, 1, 2, 0, 1, 1, 6}),
            "vertex 60: label 20 but vertex 10 of the same component has label 10");
  EXPECT_EQ(message({0, 0, 2, 0, 0, 0, 6}),
            "vertex 20: label 10 is also the label of vertex 10, which is in another component");
  EXPECT_EQ(message({3, 1, 2, 3, 1, 3, 6}),
            "vertex 10: labelled 40, but the member of smallest id in its component is 10");
  // A label that is no vertex has no input id: named as it is.
  EXPECT_EQ(message({9, 1, 2, 9, 1, 9, 6}),
            "vertex 10: labelled 9, but the member of smallest id in its component is 10");
}

// ---- MANIFEST.md table 2: components including isolated vertices --------------------------

struct component_case {
  const char* file;
  std::optional<bool> directed;  // as in tests/datasets: SNAP headers do not say
  io::graph_format format;
  std::optional<bool> compact_ids;
  std::uint64_t components;
  std::uint64_t largest;
};

/// Test listings show a case by its file.
void PrintTo(const component_case& c, std::ostream* os) {
  *os << c.file;
}

constexpr auto automatic = io::graph_format::automatic;
constexpr std::optional<bool> as_file = std::nullopt;

const component_case kCases[] = {
    {"karate.mtx", as_file, automatic, {}, 1, 34},
    {"football.gml", as_file, automatic, {}, 1, 115},
    {"dolphins.mtx", as_file, automatic, {}, 1, 62},
    {"polbooks.mtx", as_file, automatic, {}, 1, 105},
    {"netscience.mtx", as_file, automatic, {}, 396, 379},
    {"lesmis.graph", as_file, automatic, {}, 1, 77},
    {"chesapeake.mtx", as_file, automatic, {}, 1, 39},
    {"email-Eu-core.txt", true, automatic, {}, 20, 986},
    {"facebook_combined.txt", false, automatic, {}, 1, 4039},
    {"Wiki-Vote.txt", true, automatic, {}, 24, 7066},
    {"CA-GrQc.txt", false, automatic, {}, 355, 4158},
    {"CA-HepTh.txt", false, automatic, {}, 429, 8638},
    {"p2p-Gnutella08.txt", true, automatic, {}, 2, 6299},
    {"soc-sign-bitcoinalpha.csv", true, automatic, {}, 5, 3775},
    {"as-caida20071105.txt", true, automatic, {}, 1, 26475},
    {"Email-Enron.txt", false, automatic, {}, 1065, 33696},
    {"power.graph", as_file, automatic, {}, 1, 4941},
    {"PGPgiantcompo.graph", as_file, automatic, {}, 1, 10680},
    {"polblogs.graph", as_file, automatic, {}, 268, 1222},
    {"foodweb-baydry.konect", as_file, automatic, {}, 1, 128},
    {"astro-ph.graph", as_file, automatic, {}, 1029, 14845},
    {"MIT8.edgelist", false, automatic, false, 18, 6402},
    {"4elt.graph", as_file, automatic, {}, 1, 15606},
    {"luxembourg_osm.mtx", as_file, automatic, {}, 1, 114599},
    {"rome99.gr", as_file, automatic, {}, 1, 3353},
    {"delaunay_n10.graph", as_file, automatic, {}, 1, 1024},
    {"delaunay_n15.graph", as_file, automatic, {}, 1, 32768},
    {"bcsstk13.mtx", as_file, automatic, {}, 1, 2003},
    {"jagmesh7.mtx", as_file, automatic, {}, 1, 1138},
    {"west0067.mtx", as_file, automatic, {}, 1, 67},
    {"p2p-31.e", true, io::graph_format::konect, false, 12, 62561},
    {"cora.cites", true, io::graph_format::snap, {}, 78, 2485},
};

class component_datasets : public ::testing::TestWithParam<component_case> {};

std::filesystem::path graphs_dir() { return std::filesystem::path(PLEXUS_DATASETS_DIR) / "graphs"; }

TEST_P(component_datasets, count_matches_the_manifest) {
  const component_case& c = GetParam();
  PLEXUS_SKIP_WITHOUT_DATASET(graphs_dir());
  io::read_options options;
  options.format = c.format;
  options.directed = c.directed;
  options.compact_ids = c.compact_ids;
  options.keep_weights = false;
  const csr_graph g = io::read_graph(graphs_dir() / c.file, options);
  const auto labels = verify::reference_components(g);
  EXPECT_EQ(verify::component_count(labels), c.components);
  EXPECT_EQ(verify::component_sizes(labels).front(), c.largest);
  // Directed inputs read symmetrized must give the same weak components.
  if (g.directed()) {
    options.directed = false;
    const csr_graph undirected = io::read_graph(graphs_dir() / c.file, options);
    const auto again = verify::reference_components(undirected);
    EXPECT_TRUE(std::equal(labels.begin(), labels.end(), again.begin(), again.end()));
  }
}

std::string case_name(const ::testing::TestParamInfo<component_case>& info) {
  std::string name = info.param.file;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(manifest, component_datasets, ::testing::ValuesIn(kCases), case_name);

}  // namespace
}  // namespace plexus
