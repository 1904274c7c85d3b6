// Hypergraph connected components on every back end: a hand-made case, generated hypergraphs
// against the components of the clique expansion, and the manifest's component counts.
// Written once and compiled for every enabled back end by the build (PLEXUS_INSTANCE_SPACE,
// PLEXUS_INSTANCE_NAME); a back end without a device reports SKIPPED. On a device back end
// every result is also compared with the host back end's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "hyper_suite_support.hpp"
#include "order_test_support.hpp"
#include "plexus/algorithms/cc/cc_verify.hpp"
#include "plexus/algorithms/hyper_cc/hyper_cc.hpp"
#include "plexus/algorithms/hyper_cc/hyper_cc_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/device_hypergraph.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/hypergraph/clique_expansion.hpp"
#include "plexus/io/read_hypergraph.hpp"
#include "suite_support.hpp"

namespace plexus_hyper_cc_test {

using namespace plexus;
using namespace plexus_test;
using test::edge_lists;
using test::make_hypergraph;

// ---- connected components -----------------------------------------------------------------

template <class Space>
void expect_cc_matches(const hypergraph& h, const char* what, bool check_clique = true) {
  for (const bool jumping : {true, false}) {
    const auto r = hyper_components(device_hypergraph(h, Space::kind), {.pointer_jumping = jumping});
    const auto v = verify::hyper_components(h, r.vertex_labels, r.hyperedge_labels);
    EXPECT_TRUE(v.ok) << what << ": " << v.message;
    const auto expect = verify::reference_hyper_components(h);
    EXPECT_EQ(r.num_components, expect.num_components) << what;
    EXPECT_EQ(r.num_nontrivial_components, expect.num_nontrivial_components) << what;
    if (check_clique && jumping) {
      // Independent check: the components of the clique expansion.
      const auto clique = verify::reference_components(clique_expansion(h));
      EXPECT_TRUE(same(clique, r.vertex_labels)) << what << ": differs from the clique expansion's components";
    }
  }
}

template <class Space>
void check_cc_tiny() {
  // {0,1}, {1,2} join 0..2; {4,6} joins 4 and 6; 3, 5 isolated; an empty hyperedge; a repeated pin.
  const hypergraph h = make_hypergraph(7, {{1, 2}, {}, {6, 4, 4}, {0, 1}}, true);
  const auto r = hyper_components(device_hypergraph(h, Space::kind));
  const vertex_t x = invalid_vertex;
  EXPECT_TRUE(same(r.vertex_labels, std::vector<vertex_t>{0, 0, 0, 3, 4, 5, 4}));
  EXPECT_TRUE(same(r.hyperedge_labels, std::vector<vertex_t>{0, x, 4, 0}));
  EXPECT_EQ(r.num_components, 4u);
  EXPECT_EQ(r.num_nontrivial_components, 2u);
  expect_cc_matches<Space>(h, "tiny");
  // A long chain {k, k+1} in reverse id order needs many rounds without pointer jumping.
  edge_lists chain;
  for (vertex_t k = 0; k + 1 < 500; ++k) chain.push_back({499 - k, 498 - k});
  expect_cc_matches<Space>(make_hypergraph(500, chain), "chain");
  const auto r0 = hyper_components(device_hypergraph(make_hypergraph(0, {}), Space::kind));
  EXPECT_TRUE(r0.vertex_labels.empty());
  EXPECT_EQ(r0.num_components, 0u);
  const auto r1 = hyper_components(device_hypergraph(make_hypergraph(1, {{}}), Space::kind));
  EXPECT_TRUE(same(r1.vertex_labels, std::vector<vertex_t>{0}));
  EXPECT_TRUE(same(r1.hyperedge_labels, std::vector<vertex_t>{x}));
  EXPECT_EQ(r1.num_nontrivial_components, 0u);
}

template <class Space>
void check_cc_generated() {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    // Sparse: many components; few pins per vertex.
    expect_cc_matches<Space>(generated(50000, 12000, 6, seed), "generated sparse");
    expect_cc_matches<Space>(awkward(500, 250, 4, seed), "awkward");
  }
  expect_cc_matches<Space>(generated(20000, 5000, 1500, 4), "generated skewed", /*check_clique=*/false);
}

template <class Space>
void check_cc_datasets() {
  PLEXUS_HYPER_REQUIRE_DATASETS();
  for_each_dataset([](const hypergraph& h, const dataset& d) {
    const auto r = hyper_components(device_hypergraph(h, Space::kind));
    const auto v = verify::hyper_components(h, r.vertex_labels, r.hyperedge_labels);
    EXPECT_TRUE(v.ok) << d.path << ": " << v.message;
    EXPECT_EQ(r.num_nontrivial_components, d.components) << d.path << ": the manifest's component count";
  });
}

// Components are named by their vertex of smallest original id, so the same hypergraph
// numbered another way gives the same labels in original ids.
template <class Space>
void check_cc_numbering() {
  const hypergraph h = generated(4000, 1500, 6, 3, 0.0);  // small hyperedges: many components
  const hypergraph reversed = reverse_numbered(h);
  const auto a = hyper_components(device_hypergraph(h, Space::kind));
  const auto b = hyper_components(device_hypergraph(reversed, Space::kind));
  EXPECT_EQ(labels_by_id(h, a.vertex_labels), labels_by_id(reversed, b.vertex_labels));
  EXPECT_EQ(a.num_components, b.num_components);
  expect_cc_matches<Space>(reversed, "reverse numbered");
}

// ---- registration ---------------------------------------------------------------------------

template <class Space>
class HyperComponentsTest : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(HyperComponentsTest);
TYPED_TEST_P(HyperComponentsTest, Tiny) { check_cc_tiny<TypeParam>(); }
TYPED_TEST_P(HyperComponentsTest, GeneratedMatchReference) { check_cc_generated<TypeParam>(); }
TYPED_TEST_P(HyperComponentsTest, ComponentsNamedBySmallestOriginalId) { check_cc_numbering<TypeParam>(); }
TYPED_TEST_P(HyperComponentsTest, Datasets) { check_cc_datasets<TypeParam>(); }
REGISTER_TYPED_TEST_SUITE_P(HyperComponentsTest, Tiny, GeneratedMatchReference,
                            ComponentsNamedBySmallestOriginalId, Datasets);

INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, HyperComponentsTest, ::testing::Types<PLEXUS_INSTANCE_SPACE>);

}  // namespace plexus_hyper_cc_test
