// Hypergraph BFS on every back end: a hand-traced example, generated hypergraphs against
// verify::reference_hyper_bfs, and the datasets.
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
#include "plexus/algorithms/hyper_bfs/hyper_bfs.hpp"
#include "plexus/algorithms/hyper_bfs/hyper_bfs_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/device_hypergraph.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/io/read_hypergraph.hpp"
#include "suite_support.hpp"

namespace plexus_hyper_bfs_test {

using namespace plexus;
using namespace plexus_test;
using test::edge_lists;
using test::make_hypergraph;

// ---- BFS ----------------------------------------------------------------------------------

template <class Space>
void expect_bfs_valid(const hypergraph& h, vertex_t source, const char* what) {
  const auto r = hyper_bfs(device_hypergraph(h, Space::kind), source);
  const auto v = verify::hyper_bfs(h, source, r.vertex_depth, r.vertex_parent, r.hyperedge_depth, r.hyperedge_parent);
  EXPECT_TRUE(v.ok) << what << " source " << source << ": " << v.message;
  const auto expect = verify::reference_hyper_bfs(h, source);
  const auto reached = static_cast<vertex_t>(
      std::count_if(expect.vertex_depth.begin(), expect.vertex_depth.end(), [](vertex_t d) { return d != invalid_vertex; }));
  EXPECT_EQ(r.reached_vertices, reached) << what;
  if (Space::kind != backend::host) {
    const auto host = hyper_bfs(device_hypergraph(h, backend::host), source);
    EXPECT_TRUE(same(host.vertex_depth, r.vertex_depth)) << what;
    EXPECT_TRUE(same(host.hyperedge_depth, r.hyperedge_depth)) << what;
  }
}

template <class Space>
void check_bfs_tiny() {
  // A path of hyperedges 0-{0,1}-1-{1,2,3}-3-{3,4}; vertex 5 isolated; an empty hyperedge.
  const hypergraph h = make_hypergraph(6, {{0, 1}, {1, 2, 3}, {3, 4}, {}, {2, 2, 3}}, true);
  const auto r = hyper_bfs(device_hypergraph(h, Space::kind), 0);
  const vertex_t x = invalid_vertex;
  EXPECT_TRUE(same(r.vertex_depth, std::vector<vertex_t>{0, 1, 2, 2, 3, x}));
  EXPECT_TRUE(same(r.hyperedge_depth, std::vector<vertex_t>{1, 2, 3, x, 3}));
  EXPECT_TRUE(same(r.vertex_parent, std::vector<vertex_t>{0, 0, 1, 1, 2, x}));
  EXPECT_EQ(r.levels, 4u);
  EXPECT_EQ(r.reached_vertices, 5u);
  EXPECT_EQ(r.reached_hyperedges, 4u);
  expect_bfs_valid<Space>(h, 0, "tiny");
  expect_bfs_valid<Space>(h, 5, "tiny, isolated source");
  EXPECT_THROW(hyper_bfs(device_hypergraph(h, Space::kind), 6), error);
  const auto one = hyper_bfs(device_hypergraph(make_hypergraph(1, {}), Space::kind), 0);
  EXPECT_TRUE(same(one.vertex_depth, std::vector<vertex_t>{0}));
  EXPECT_THROW(hyper_bfs(device_hypergraph(make_hypergraph(0, {}), Space::kind), 0), error);
}

template <class Space>
void check_bfs_generated() {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const hypergraph h = generated(30000, 6000, 300, seed);
    for (vertex_t s : {0u, 17u, 29999u}) expect_bfs_valid<Space>(h, s, "generated");
    const hypergraph a = awkward(400, 300, 6, seed);
    for (vertex_t s : {0u, 5u, 399u}) expect_bfs_valid<Space>(a, s, "awkward");
  }
}

template <class Space>
void check_bfs_datasets() {
  PLEXUS_HYPER_REQUIRE_DATASETS();
  for_each_dataset([](const hypergraph& h, const dataset& d) {
    vertex_t source = 0;
    while (source + 1 < h.num_vertices() && h.vertex_degree(source) == 0) ++source;
    expect_bfs_valid<Space>(h, source, d.path);
  });
}

// ---- registration ---------------------------------------------------------------------------

template <class Space>
class HyperBfsTest : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(HyperBfsTest);
TYPED_TEST_P(HyperBfsTest, Tiny) { check_bfs_tiny<TypeParam>(); }
TYPED_TEST_P(HyperBfsTest, GeneratedMatchesReference) { check_bfs_generated<TypeParam>(); }
TYPED_TEST_P(HyperBfsTest, Datasets) { check_bfs_datasets<TypeParam>(); }
REGISTER_TYPED_TEST_SUITE_P(HyperBfsTest, Tiny, GeneratedMatchesReference, Datasets);

INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, HyperBfsTest, ::testing::Types<PLEXUS_INSTANCE_SPACE>);

}  // namespace plexus_hyper_bfs_test
