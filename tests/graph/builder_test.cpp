// Tests of build_graph: hand-made edge lists with known CSR output, invalid input, and
// generated graphs against the serial std::map reference builder.
#include "plexus/graph/builder.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <ostream>
#include <tuple>
#include <utility>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/uniform.hpp"
#include "reference_builder.hpp"

namespace plexus {
namespace {

edge_list make_edges(vertex_t n, std::vector<vertex_t> src, std::vector<vertex_t> dst,
                     std::vector<weight_t> weights = {}, bool directed = true) {
  edge_list e;
  e.num_vertices = n;
  e.src.assign(src.begin(), src.end());
  e.dst.assign(dst.begin(), dst.end());
  e.weights.assign(weights.begin(), weights.end());
  e.directed = directed;
  return e;
}

std::vector<edge_t> offsets_of(const csr_graph& g) {
  return {g.offsets().begin(), g.offsets().end()};
}
std::vector<vertex_t> indices_of(const csr_graph& g) {
  return {g.indices().begin(), g.indices().end()};
}
std::vector<weight_t> weights_of(const csr_graph& g) {
  return {g.weights().begin(), g.weights().end()};
}

using V = std::vector<vertex_t>;
using E = std::vector<edge_t>;
using W = std::vector<weight_t>;

TEST(BuildGraph, DirectedListsAreSorted) {
  const csr_graph g = build_graph(make_edges(4, {2, 0, 1, 0}, {0, 2, 2, 1}));
  EXPECT_TRUE(g.directed());
  EXPECT_EQ(offsets_of(g), (E{0, 2, 3, 4, 4}));
  EXPECT_EQ(indices_of(g), (V{1, 2, 2, 0}));
  EXPECT_FALSE(g.weighted());
  EXPECT_FALSE(g.has_original_ids());
}

TEST(BuildGraph, UndirectedStoresBothDirections) {
  const csr_graph g = build_graph(make_edges(3, {0, 2}, {1, 1}, {}, /*directed=*/false));
  EXPECT_FALSE(g.directed());
  EXPECT_EQ(offsets_of(g), (E{0, 1, 3, 4}));
  EXPECT_EQ(indices_of(g), (V{1, 0, 2, 1}));
  EXPECT_EQ(g.num_logical_edges(), 2u);
}

TEST(BuildGraph, SymmetrizeMakesDirectedInputUndirected) {
  build_options o;
  o.symmetrize = true;
  // 0->1 and 1->0 become one undirected edge.
  const csr_graph g = build_graph(make_edges(3, {0, 1, 1}, {1, 0, 2}), o);
  EXPECT_FALSE(g.directed());
  EXPECT_EQ(offsets_of(g), (E{0, 1, 3, 4}));
  EXPECT_EQ(indices_of(g), (V{1, 0, 2, 1}));
}

TEST(BuildGraph, SelfLoopsDroppedByDefault) {
  const csr_graph g = build_graph(make_edges(2, {0, 0, 1}, {0, 1, 1}));
  EXPECT_EQ(offsets_of(g), (E{0, 1, 1}));
  EXPECT_EQ(indices_of(g), (V{1}));
}

// Found by fuzzing the CSV reader ("1,1,3,5"): a graph whose only arc is a dropped self-loop
// has no arcs left, and sorting its empty rows must not step off a null pointer.
TEST(BuildGraph, OnlySelfLoopsLeavesEmptyRows) {
  const csr_graph g = build_graph(make_edges(2, {1}, {1}, {5}));
  EXPECT_EQ(offsets_of(g), (E{0, 0, 0}));
  EXPECT_TRUE(indices_of(g).empty());
}

TEST(BuildGraph, SelfLoopsKeptOnRequest) {
  build_options o;
  o.keep_self_loops = true;
  const csr_graph directed = build_graph(make_edges(2, {0, 0, 1}, {0, 1, 1}), o);
  EXPECT_EQ(offsets_of(directed), (E{0, 2, 3}));
  EXPECT_EQ(indices_of(directed), (V{0, 1, 1}));
  // An undirected self-loop is stored once.
  const csr_graph undirected = build_graph(make_edges(2, {0, 0}, {0, 1}, {}, false), o);
  EXPECT_EQ(offsets_of(undirected), (E{0, 2, 3}));
  EXPECT_EQ(indices_of(undirected), (V{0, 1, 0}));
  EXPECT_EQ(undirected.num_logical_edges(), 2u);
}

TEST(BuildGraph, ParallelEdgesKeepMinimumWeight) {
  const csr_graph g = build_graph(make_edges(2, {0, 0, 0, 1}, {1, 1, 1, 0}, {5, 2, 7, 3}));
  EXPECT_EQ(offsets_of(g), (E{0, 1, 2}));
  EXPECT_EQ(indices_of(g), (V{1, 0}));
  EXPECT_EQ(weights_of(g), (W{2, 3}));
}

TEST(BuildGraph, ParallelEdgesKeptSortedByWeight) {
  build_options o;
  o.keep_parallel_edges = true;
  const csr_graph g = build_graph(make_edges(3, {0, 0, 0, 0}, {2, 1, 2, 2}, {5, 9, -1, 7}), o);
  EXPECT_EQ(offsets_of(g), (E{0, 4, 4, 4}));
  EXPECT_EQ(indices_of(g), (V{1, 2, 2, 2}));
  EXPECT_EQ(weights_of(g), (W{9, -1, 5, 7}));
}

TEST(BuildGraph, UndirectedDuplicatesInBothOrientationsCollapse) {
  const csr_graph g = build_graph(make_edges(2, {0, 1}, {1, 0}, {5, 2}, false));
  EXPECT_EQ(offsets_of(g), (E{0, 1, 2}));
  EXPECT_EQ(weights_of(g), (W{2, 2}));
  EXPECT_EQ(g.num_logical_edges(), 1u);
}

TEST(BuildGraph, KeepWeightsFalseDropsWeights) {
  build_options o;
  o.keep_weights = false;
  const csr_graph g = build_graph(make_edges(2, {0, 0}, {1, 1}, {4, 3}), o);
  EXPECT_FALSE(g.weighted());
  EXPECT_EQ(indices_of(g), (V{1}));
}

TEST(BuildGraph, IsolatedVerticesAreKept) {
  const csr_graph g = build_graph(make_edges(6, {4}, {1}, {}, false));
  EXPECT_EQ(g.num_vertices(), 6u);
  EXPECT_EQ(offsets_of(g), (E{0, 0, 1, 1, 1, 2, 2}));
  EXPECT_EQ(indices_of(g), (V{4, 1}));
}

TEST(BuildGraph, EmptyInput) {
  const csr_graph g = build_graph(make_edges(0, {}, {}));
  EXPECT_EQ(g.num_vertices(), 0u);
  EXPECT_EQ(g.num_edges(), 0u);
  const csr_graph h = build_graph(make_edges(3, {}, {}));
  EXPECT_EQ(offsets_of(h), (E{0, 0, 0, 0}));
}

TEST(BuildGraph, CompactIdsRenumbersInIdOrder) {
  build_options o;
  o.compact_ids = true;
  const csr_graph g = build_graph(make_edges(30, {10, 20, 7}, {20, 5, 7}), o);
  // Ids 5, 7, 10, 20 occur (7 only in a self-loop, which still counts as occurring).
  ASSERT_EQ(g.num_vertices(), 4u);
  EXPECT_EQ(offsets_of(g), (E{0, 0, 0, 1, 2}));
  EXPECT_EQ(indices_of(g), (V{3, 0}));
  ASSERT_TRUE(g.has_original_ids());
  EXPECT_EQ(std::vector<std::uint64_t>(g.original_ids().begin(), g.original_ids().end()),
            (std::vector<std::uint64_t>{5, 7, 10, 20}));
}

TEST(BuildGraph, CompactIdsComposesWithExistingMap) {
  build_options o;
  o.compact_ids = true;
  edge_list e = make_edges(30, {10, 20}, {20, 5});
  e.original_ids.resize(30);
  for (std::uint64_t v = 0; v < 30; ++v) e.original_ids[v] = 1000000000000ull + v;
  const csr_graph g = build_graph(std::move(e), o);
  ASSERT_EQ(g.num_vertices(), 3u);
  EXPECT_EQ(g.original_id(0), 1000000000005ull);
  EXPECT_EQ(g.original_id(1), 1000000000010ull);
  EXPECT_EQ(g.original_id(2), 1000000000020ull);
}

TEST(BuildGraph, ExistingMapPassesThroughWithoutCompaction) {
  edge_list e = make_edges(2, {0}, {1});
  e.original_ids = {42, 7};
  const csr_graph g = build_graph(std::move(e));
  EXPECT_EQ(g.original_id(0), 42u);
  EXPECT_EQ(g.original_id(1), 7u);
}

TEST(BuildGraph, InEdgesEqualBruteForceTranspose) {
  build_options o;
  o.build_in_edges = true;
  const csr_graph g = build_graph(make_edges(4, {0, 0, 1, 3, 2}, {1, 2, 2, 2, 0}, {1, 2, 3, 4, 5}), o);
  ASSERT_TRUE(g.has_in_edges());
  EXPECT_EQ(testing::rows_of(g.in()), testing::reference_transpose(g.out()));
  EXPECT_EQ(std::vector<edge_t>(g.in().offsets.begin(), g.in().offsets.end()), (E{0, 1, 2, 5, 5}));
  EXPECT_EQ(std::vector<vertex_t>(g.in().indices.begin(), g.in().indices.end()), (V{2, 0, 0, 1, 3}));
  EXPECT_EQ(std::vector<weight_t>(g.in().weights.begin(), g.in().weights.end()), (W{5, 1, 2, 3, 4}));
}

TEST(BuildGraph, RejectsIdOutOfRange) {
  try {
    build_graph(make_edges(5, {0, 1, 2}, {1, 5, 9}));
    FAIL() << "expected plexus::error";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("arc 1 (1 -> 5)"), std::string::npos) << e.what();
  }
}

TEST(BuildGraph, RejectsMismatchedArrays) {
  EXPECT_THROW(build_graph(make_edges(5, {0, 1}, {1})), error);
  EXPECT_THROW(build_graph(make_edges(5, {0, 1}, {1, 2}, {1})), error);
  edge_list bad_map = make_edges(3, {0}, {1});
  bad_map.original_ids = {1, 2};
  EXPECT_THROW(build_graph(std::move(bad_map)), error);
}

TEST(BuildGraph, RejectsNanWeight) {
  EXPECT_THROW(build_graph(make_edges(2, {0, 1}, {1, 0}, {1, std::numeric_limits<weight_t>::quiet_NaN()})),
               error);
  build_options o;
  o.keep_weights = false;  // weights that are dropped are not inspected
  EXPECT_NO_THROW(build_graph(make_edges(2, {0}, {1}, {std::numeric_limits<weight_t>::quiet_NaN()}), o));
}

TEST(BuildGraph, ReportsProgress) {
  build_options o;
  std::uint64_t last_done = 0, last_total = 0;
  int calls = 0;
  o.progress = [&](std::string_view stage, std::uint64_t done, std::uint64_t total) {
    EXPECT_EQ(stage, "build");
    EXPECT_GE(done, last_done);
    last_done = done;
    last_total = total;
    ++calls;
  };
  build_graph(make_edges(3, {0, 1}, {1, 2}), o);
  EXPECT_GT(calls, 1);
  EXPECT_EQ(last_done, last_total);
}

// Generated graphs against the reference builder, over option combinations.
struct random_case {
  bool kron;
  bool weighted;
  bool directed;
  std::uint64_t seed;
};

/// Test listings show a case as "kron, weighted, directed, seed 2".
void PrintTo(const random_case& c, std::ostream* os) {
  *os << (c.kron ? "kron" : "uniform") << ", " << (c.weighted ? "weighted" : "unweighted") << ", "
      << (c.directed ? "directed" : "undirected") << ", seed " << c.seed;
}

edge_list generate(const random_case& c) {
  if (c.kron) {
    generators::kronecker_options k;
    k.scale = 9;
    k.edge_factor = 8;
    k.seed = c.seed;
    k.weighted = c.weighted;
    k.max_weight = 8;  // few distinct weights: many parallel arcs tie or differ in weight
    k.directed = c.directed;
    return generators::kronecker(k);
  }
  generators::uniform_options u;
  u.num_vertices = 300;
  u.num_edges = 5000;
  u.seed = c.seed;
  u.weighted = c.weighted;
  u.max_weight = 8;
  u.directed = c.directed;
  return generators::uniform(u);
}

class BuildGraphRandom : public ::testing::TestWithParam<random_case> {};

TEST_P(BuildGraphRandom, MatchesReferenceForAllOptionCombinations) {
  const random_case c = GetParam();
  for (int mask = 0; mask < 32; ++mask) {
    build_options o;
    o.symmetrize = mask & 1;
    o.keep_self_loops = mask & 2;
    o.keep_parallel_edges = mask & 4;
    o.compact_ids = mask & 8;
    o.keep_weights = !(mask & 16);
    o.build_in_edges = true;
    const edge_list input = generate(c);
    const testing::reference_graph ref = testing::reference_build(input, o);
    const csr_graph g = build_graph(input, o);
    SCOPED_TRACE(mask);
    ASSERT_EQ(g.num_vertices(), ref.rows.size());
    EXPECT_EQ(testing::rows_of(g.out()), ref.rows);
    EXPECT_EQ(std::vector<std::uint64_t>(g.original_ids().begin(), g.original_ids().end()), ref.original_ids);
    EXPECT_EQ(g.directed(), c.directed && !o.symmetrize);
    if (g.directed()) {
      EXPECT_EQ(testing::rows_of(g.in()), testing::reference_transpose(g.out()));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Generated, BuildGraphRandom,
    ::testing::Values(random_case{true, false, true, 1}, random_case{true, true, true, 2},
                      random_case{true, true, false, 3}, random_case{false, false, false, 4},
                      random_case{false, true, true, 5}, random_case{false, true, false, 6}));

TEST(BuildGraph, SameResultWhateverTheThreadCount) {
  generators::kronecker_options k;
  k.scale = 14;
  k.weighted = true;
  k.max_weight = 4;
  const int saved = omp_get_max_threads();
  omp_set_num_threads(1);
  const csr_graph one = build_graph(generators::kronecker(k));
  omp_set_num_threads(4);
  const csr_graph four = build_graph(generators::kronecker(k));
  omp_set_num_threads(saved);
  EXPECT_EQ(offsets_of(one), offsets_of(four));
  EXPECT_EQ(indices_of(one), indices_of(four));
  EXPECT_EQ(weights_of(one), weights_of(four));
}

}  // namespace
}  // namespace plexus
