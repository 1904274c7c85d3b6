// Connected components on every back end: hand-made graphs with known labels, generated
// graphs against verify::reference_components, and the component counts of the datasets
// manifest.
// Written once and compiled for every enabled back end by the build (PLEXUS_INSTANCE_SPACE,
// PLEXUS_INSTANCE_NAME); a back end without a device reports SKIPPED. On a device back end
// every result is also compared with the host back end's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "graph_suite_support.hpp"
#include "order_test_support.hpp"
#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/algorithms/cc/cc_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/relabel.hpp"
#include "plexus/io/read_graph.hpp"
#include "suite_support.hpp"

namespace plexus_cc_test {

using namespace plexus;
using namespace plexus_test;

template <class Space>
void expect_cc_matches_reference(const csr_graph& g, const cc_options& options = {}) {
  const device_graph dev(g, Space::kind);
  const cc_result r = connected_components(dev, options);
  const auto expect = verify::reference_components(g);
  ASSERT_EQ(r.label.size(), expect.size());
  for (vertex_t v = 0; v < g.num_vertices(); ++v) ASSERT_EQ(r.label[v], expect[v]) << "vertex " << v;
  EXPECT_EQ(r.num_components, verify::component_count(expect));
  EXPECT_TRUE(verify::compare_components(g, r.label).ok);
}

template <class Space>
void check_cc_tiny() {
  // Undirected: {0, 3, 5}, {1, 2}, {4} isolated, {6, 7}.
  const csr_graph g = make_graph(8, {{5, 3}, {3, 0}, {2, 1}, {7, 6}}, false);
  const cc_result r = connected_components(device_graph(g, Space::kind));
  EXPECT_EQ(std::vector<vertex_t>(r.label.begin(), r.label.end()),
            (std::vector<vertex_t>{0, 1, 1, 0, 4, 0, 6, 6}));
  EXPECT_EQ(r.num_components, 4u);
  EXPECT_EQ(r.iterations, 3);  // two sampling rounds and the final phase
  EXPECT_EQ(component_size_histogram(r.label),
            (std::vector<std::pair<std::uint64_t, std::uint64_t>>{{1, 1}, {2, 2}, {3, 1}}));
  // Directed, weakly connected: arcs point away from the smallest id, so only a walk against
  // the arcs joins them: {0, 3, 4}, {1, 2}, {5}. With and without the reverse CSR.
  for (bool in_edges : {true, false}) {
    const csr_graph d = make_graph(6, {{3, 0}, {2, 1}, {4, 3}}, true, in_edges);
    const cc_result rd = connected_components(device_graph(d, Space::kind));
    EXPECT_EQ(std::vector<vertex_t>(rd.label.begin(), rd.label.end()),
              (std::vector<vertex_t>{0, 1, 1, 0, 0, 5}))
        << "in_edges " << in_edges;
    EXPECT_EQ(rd.num_components, 3u);
  }
  // Empty and single-vertex graphs.
  const csr_graph empty = make_graph(0, {}, false);
  const cc_result re = connected_components(device_graph(empty, Space::kind));
  EXPECT_TRUE(re.label.empty());
  EXPECT_EQ(re.num_components, 0u);
  const csr_graph one = make_graph(1, {}, true);
  const cc_result r1 = connected_components(device_graph(one, Space::kind));
  ASSERT_EQ(r1.label.size(), 1u);
  EXPECT_EQ(r1.label[0], 0u);
  EXPECT_EQ(r1.num_components, 1u);
  // Options that would size the work past what the graph can use are bounded by it: rounds by
  // the largest degree (here 2: two rounds and the final phase), the sample by the vertex count.
  const cc_result bounded = connected_components(
      device_graph(g, Space::kind),
      {.neighbor_rounds = std::numeric_limits<int>::max(), .sample_size = std::numeric_limits<int>::max()});
  EXPECT_EQ(std::vector<vertex_t>(bounded.label.begin(), bounded.label.end()),
            std::vector<vertex_t>(r.label.begin(), r.label.end()));
  EXPECT_EQ(bounded.iterations, 3);
  // Bad options.
  EXPECT_THROW(connected_components(device_graph(g, Space::kind), {.neighbor_rounds = -1}), error);
  EXPECT_THROW(connected_components(device_graph(g, Space::kind), {.sample_size = 0}), error);
}

template <class Space>
void check_cc_generated() {
  // Edge factor 1 leaves many components; 16 gives one giant component plus isolated ids.
  for (int ef : {1, 4, 16}) {
    SCOPED_TRACE("kronecker edge factor " + std::to_string(ef));
    expect_cc_matches_reference<Space>(kron(14, false, 5, ef));
    expect_cc_matches_reference<Space>(kron(14, true, 6, ef));
  }
  for (int rounds : {0, 1, 5}) {
    SCOPED_TRACE("neighbor_rounds " + std::to_string(rounds));
    expect_cc_matches_reference<Space>(kron(13, false, 8, 2), {.neighbor_rounds = rounds});
  }
  expect_cc_matches_reference<Space>(uniform_graph(40000, 30000, false));
  expect_cc_matches_reference<Space>(uniform_graph(40000, 30000, true));
  // A directed graph without the reverse CSR: every arc is linked from its tail.
  generators::kronecker_options o;
  o.scale = 13;
  o.edge_factor = 2;
  o.directed = true;
  expect_cc_matches_reference<Space>(build_graph(generators::kronecker(o)));
}

// Components are named by their member of smallest original id, so a graph and its degree
// relabelling give the same labels in original ids (Afforest alone names the smallest new id).
template <class Space>
void check_cc_vertex_order() {
  for (const bool directed : {false, true}) {
    const csr_graph g = kron(12, directed, 9, 1);  // many small components
    const csr_graph r = degree_ordered(g);
    const auto expected = labels_by_id(g, connected_components(device_graph(g, Space::kind)).label);
    EXPECT_EQ(labels_by_id(r, connected_components(device_graph(r, Space::kind)).label), expected);
    EXPECT_EQ(labels_by_id(r, verify::reference_components(r)), expected);
    expect_cc_matches_reference<Space>(r);
    const cc_result on_r = connected_components(device_graph(r, Space::kind));
    const auto verdict = verify::compare_component_labels(r, on_r.label);
    EXPECT_TRUE(verdict.ok) << verdict.message;
  }
}

template <class Space>
void check_cc_datasets() {
  PLEXUS_SUITE_REQUIRE_DATASETS();
  // Published component counts (MANIFEST: SuiteSparse, SNAP WCC, LAGraph CC).
  const std::vector<std::pair<std::string, std::uint64_t>> cases = {
      {"karate.mtx", 1},         {"netscience.mtx", 396},  {"CA-GrQc.txt", 355},
      {"CA-HepTh.txt", 429},     {"email-Eu-core.txt", 0}, {"Wiki-Vote.txt", 0},
      {"luxembourg_osm.mtx", 1}, {"astro-ph.graph", 1029}, {"bcsstk13.mtx", 1}};
  for (const auto& [name, count] : cases) {
    SCOPED_TRACE(name);
    io::read_options ro;
    ro.build_in_edges = true;
    const csr_graph g = io::read_graph(datasets() / "graphs" / name, ro);
    expect_cc_matches_reference<Space>(g);
    const cc_result r = connected_components(device_graph(g, Space::kind));
    if (count) {
      EXPECT_EQ(r.num_components, count);
    }
  }
  // SNAP's largest weakly connected components: email-Eu-core 986, Wiki-Vote 7066.
  for (const auto& [name, largest] : std::vector<std::pair<std::string, std::uint64_t>>{
           {"email-Eu-core.txt", 986}, {"Wiki-Vote.txt", 7066}}) {
    const csr_graph g = io::read_graph(datasets() / "graphs" / name);
    ASSERT_TRUE(g.directed()) << name;
    const cc_result r = connected_components(device_graph(g, Space::kind));
    EXPECT_EQ(component_size_histogram(r.label).back().first, largest) << name;
  }
}

// ---- registration ---------------------------------------------------------------------------

template <class Space>
class ComponentsTest : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(ComponentsTest);
TYPED_TEST_P(ComponentsTest, TinyKnownLabels) { check_cc_tiny<TypeParam>(); }
TYPED_TEST_P(ComponentsTest, GeneratedMatchReference) { check_cc_generated<TypeParam>(); }
TYPED_TEST_P(ComponentsTest, ComponentsNamedBySmallestOriginalId) { check_cc_vertex_order<TypeParam>(); }
TYPED_TEST_P(ComponentsTest, Datasets) { check_cc_datasets<TypeParam>(); }
REGISTER_TYPED_TEST_SUITE_P(ComponentsTest, TinyKnownLabels, GeneratedMatchReference,
                            ComponentsNamedBySmallestOriginalId, Datasets);

INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, ComponentsTest, ::testing::Types<PLEXUS_INSTANCE_SPACE>);

}  // namespace plexus_cc_test
