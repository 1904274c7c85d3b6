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
#include "plexus/graph/csr_assembly.hpp"
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

// The arithmetic helpers on values past 32 bits (the build of a > 2^31-arc graph relies on
// them; running one here would need tens of gigabytes).
TEST(CsrAssembly, ScanHandlesOffsetsBeyond32Bits) {
  for (int threads : {1, 3}) {
    omp_set_num_threads(threads);
    std::vector<edge_t> counts(1001);
    for (std::size_t i = 0; i < 1000; ++i) counts[i] = 3000000000ull + i;
    counts[1000] = 0;
    std::vector<edge_t> expected(counts.size());
    edge_t running = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
      expected[i] = running;
      running += counts[i];
    }
    const edge_t total = detail::exclusive_scan_in_place(counts.data(), counts.size());
    EXPECT_EQ(total, running);
    EXPECT_GT(total, 1ull << 41);
    EXPECT_EQ(counts, expected);
  }
  omp_set_num_threads(omp_get_num_procs());
}

TEST(CsrAssembly, ScanOfFewerItemsThanThreads) {
  omp_set_num_threads(4);
  std::vector<edge_t> counts{5, 7};
  EXPECT_EQ(detail::exclusive_scan_in_place(counts.data(), counts.size()), 12u);
  EXPECT_EQ(counts, (E{0, 5}));
  omp_set_num_threads(omp_get_num_procs());
}

// assemble_rows on hand-made arcs: rows are sorted, duplicates dropped on request, and the
// bucket width (one row per bucket up to one bucket for everything) changes nothing.
TEST(CsrAssembly, AssembleRowsSortsAndDedupes) {
  const std::vector<std::pair<vertex_t, vertex_t>> arcs{{2, 1}, {0, 2}, {2, 0}, {0, 0},
                                                        {2, 1}, {0, 2}, {3, 3}};
  const auto produce = [&](std::size_t chunk, std::size_t chunks, auto&& emit) {
    const auto [lo, hi] = detail::block_range(arcs.size(), chunks, chunk);
    for (std::size_t i = lo; i < hi; ++i) emit(arcs[i].first, arcs[i].second);
  };
  for (int shift : {0, 1, 2, 16}) {
    SCOPED_TRACE(shift);
    int stages = 0;
    const csr_arrays kept = detail::assemble_rows<vertex_t>(
        5, 5, shift, true, produce, [] {}, [&](int k) { EXPECT_EQ(k, ++stages); });
    EXPECT_EQ(stages, 3);
    EXPECT_EQ(std::vector<edge_t>(kept.offsets.begin(), kept.offsets.end()), (E{0, 2, 2, 4, 5, 5}));
    EXPECT_EQ(std::vector<vertex_t>(kept.indices.begin(), kept.indices.end()), (V{0, 2, 0, 1, 3}));
    const csr_arrays all = detail::assemble_rows<vertex_t>(
        5, 5, shift, false, produce, [] {}, [](int) {});
    EXPECT_EQ(std::vector<edge_t>(all.offsets.begin(), all.offsets.end()), (E{0, 3, 3, 6, 7, 7}));
    EXPECT_EQ(std::vector<vertex_t>(all.indices.begin(), all.indices.end()), (V{0, 2, 2, 0, 1, 1, 3}));
  }
  const csr_arrays none = detail::assemble_rows<vertex_t>(
      0, 0, 0, true, [](std::size_t, std::size_t, auto&&) {}, [] {}, [](int) {});
  EXPECT_EQ(std::vector<edge_t>(none.offsets.begin(), none.offsets.end()), (E{0}));
  EXPECT_TRUE(none.indices.empty());
}

using arc_triples = std::vector<std::tuple<vertex_t, vertex_t, weight_t>>;

/// The arcs in (row, neighbour, weight) order; with dedupe only the first of each (row,
/// neighbour), the one of minimum weight.
arc_triples sorted_arcs(arc_triples arcs, bool dedupe) {
  std::sort(arcs.begin(), arcs.end());
  if (dedupe)
    arcs.erase(std::unique(arcs.begin(), arcs.end(),
                           [](const auto& x, const auto& y) {
                             return std::get<0>(x) == std::get<0>(y) && std::get<1>(x) == std::get<1>(y);
                           }),
               arcs.end());
  return arcs;
}

/// `m` arcs, arc i = draw(rng, i, arcs) with rng seeded by (seed, i); earlier arcs are there.
template <class Draw>
arc_triples random_arcs(std::size_t m, std::uint64_t seed, const Draw& draw) {
  arc_triples arcs(m);
  for (std::size_t i = 0; i < m; ++i) {
    counter_rng rng(seed, i);
    arcs[i] = draw(rng, i, arcs);
  }
  return arcs;
}

/// assemble_rows over the arcs, with their weights or without (weights read back as 0), and
/// the rows it built as triples in row order.
arc_triples assembled_arcs(const arc_triples& arcs, vertex_t n, vertex_t columns, int shift, bool dedupe,
                           bool weighted) {
  const auto weighted_arcs = [&](std::size_t chunk, std::size_t chunks, auto&& emit) {
    const auto [lo, hi] = detail::block_range(arcs.size(), chunks, chunk);
    for (std::size_t i = lo; i < hi; ++i)
      emit(std::get<0>(arcs[i]), detail::pack_arc(std::get<1>(arcs[i]), std::get<2>(arcs[i])));
  };
  const auto bare_arcs = [&](std::size_t chunk, std::size_t chunks, auto&& emit) {
    const auto [lo, hi] = detail::block_range(arcs.size(), chunks, chunk);
    for (std::size_t i = lo; i < hi; ++i) emit(std::get<0>(arcs[i]), std::get<1>(arcs[i]));
  };
  const csr_arrays a = weighted ? detail::assemble_rows<std::uint64_t>(
                                      n, columns, shift, dedupe, weighted_arcs, [] {}, [](int) {})
                                : detail::assemble_rows<vertex_t>(
                                      n, columns, shift, dedupe, bare_arcs, [] {}, [](int) {});
  EXPECT_EQ(a.offsets.size(), std::size_t{n} + 1);
  EXPECT_EQ(a.weights.size(), weighted ? a.indices.size() : 0);
  arc_triples got;
  for (vertex_t u = 0; u < n; ++u)
    for (edge_t e = a.offsets[u]; e < a.offsets[u + 1]; ++e)
      got.emplace_back(u, a.indices[e], weighted ? a.weights[e] : weight_t{0});
  return got;
}

// Random weighted arcs over every bucket width and several thread counts, against a plain
// std::sort of (row, neighbour, weight key) triples. A column count of 2^32 - 1 leaves no
// room for the row in 32 bits, so it exercises the 64-bit bucket keys.
TEST(CsrAssembly, AssembleRowsMatchesSortForEveryBucketWidth) {
  constexpr vertex_t n = 3000;
  // Rows skewed towards small ids (a few heavy rows, many light ones) and few distinct
  // neighbours and weights, so that rows hold many parallel arcs.
  const arc_triples arcs = random_arcs(40000, 17, [&](counter_rng& rng, std::size_t, const arc_triples&) {
    const auto row = static_cast<vertex_t>(rng.uniform(rng.uniform(n) + 1));
    return std::tuple{row, static_cast<vertex_t>(rng.uniform(n / 8)), static_cast<weight_t>(rng.uniform(4))};
  });
  for (bool dedupe : {false, true}) {
    const arc_triples expected = sorted_arcs(arcs, dedupe);
    for (int threads : {1, 3}) {
      omp_set_num_threads(threads);
      for (vertex_t columns : {n, std::numeric_limits<vertex_t>::max()})
        for (int shift = 0; shift <= detail::kMaxBucketShift; ++shift) {
          SCOPED_TRACE(::testing::Message() << "dedupe " << dedupe << " threads " << threads << " columns "
                                            << columns << " shift " << shift);
          ASSERT_EQ(assembled_arcs(arcs, n, columns, shift, dedupe, true), expected);
        }
    }
  }
  omp_set_num_threads(omp_get_num_procs());
}

// A few parallel arcs spread over all buckets: the kept arcs are closed up in place inside
// the bucket array, group by group, for any bucket width and thread count.
TEST(CsrAssembly, AssembleRowsClosesFewGapsInPlace) {
  constexpr vertex_t n = 3000;
  const arc_triples arcs =
      random_arcs(40000, 29, [&](counter_rng& rng, std::size_t i, const arc_triples& earlier) {
        // About 3% are parallel arcs of an earlier one, with a weight of their own.
        const auto [row, column, w] = i >= 100 && i % 33 == 0
                                          ? earlier[rng.uniform(i)]
                                          : std::tuple{static_cast<vertex_t>(rng.uniform(n)),
                                                       static_cast<vertex_t>(rng.uniform(n)), weight_t{0}};
        return std::tuple{row, column, static_cast<weight_t>(rng.uniform(4))};
      });
  const arc_triples expected = sorted_arcs(arcs, true);
  ASSERT_GT(arcs.size() - expected.size(), arcs.size() / 50);
  for (int threads : {1, 2, 3, 7}) {
    omp_set_num_threads(threads);
    for (int shift : {0, 3, 8, 16}) {
      SCOPED_TRACE(::testing::Message() << "threads " << threads << " shift " << shift);
      ASSERT_EQ(assembled_arcs(arcs, n, n, shift, true, true), expected);
    }
  }
  omp_set_num_threads(omp_get_num_procs());
}

// A hub row holding most arcs makes its bucket longer than the per-thread sort buffers, so
// it is sorted on its own afterwards; unweighted and weighted, 32- and 64-bit keys.
TEST(CsrAssembly, AssembleRowsSortsHubBuckets) {
  constexpr vertex_t n = 5000;
  const arc_triples arcs = random_arcs(600000, 23, [&](counter_rng& rng, std::size_t i, const arc_triples&) {
    const auto row = static_cast<vertex_t>(i % 6 == 0 ? rng.uniform(n) : 4321);
    return std::tuple{row, static_cast<vertex_t>(rng.uniform(n)), static_cast<weight_t>(rng.uniform(3))};
  });
  arc_triples unweighted = arcs;
  for (auto& arc : unweighted) std::get<2>(arc) = 0;
  const arc_triples expected = sorted_arcs(arcs, false);
  const arc_triples distinct = sorted_arcs(unweighted, true);
  const int shift = detail::choose_bucket_shift(n, arcs.size());
  for (int threads : {1, 2, 4}) {
    omp_set_num_threads(threads);
    for (vertex_t columns : {n, std::numeric_limits<vertex_t>::max()}) {
      SCOPED_TRACE(::testing::Message() << "threads " << threads << " columns " << columns);
      ASSERT_EQ(assembled_arcs(arcs, n, columns, shift, false, true), expected);
      ASSERT_EQ(assembled_arcs(arcs, n, columns, shift, true, false), distinct);
    }
  }
  omp_set_num_threads(omp_get_num_procs());
}

TEST(CsrAssembly, BucketShiftStaysInRange) {
  EXPECT_EQ(detail::choose_bucket_shift(0, 0), 0);
  EXPECT_EQ(detail::choose_bucket_shift(1, 100), 0);
  // Scale-20 Kronecker, undirected: 2^20 rows, 2^25 arcs -> buckets of 2^10 rows, 2^15 arcs.
  EXPECT_EQ(detail::choose_bucket_shift(1u << 20, 1ull << 25), 10);
  // Very sparse: whole rows per bucket capped at 2^16; very dense: at most 2^12 buckets.
  EXPECT_EQ(detail::choose_bucket_shift(1u << 30, 1u << 20), detail::kMaxBucketShift);
  EXPECT_EQ(detail::choose_bucket_shift(1u << 24, 1ull << 40), 24 - detail::kMaxBucketsLog2);
  EXPECT_EQ(detail::choose_bucket_shift(max_vertices, 1ull << 36), detail::kMaxBucketShift);
}

TEST(CsrAssembly, WeightKeysPreserveOrder) {
  const std::vector<weight_t> sorted{
      -std::numeric_limits<weight_t>::infinity(), -1e30f, -2.5f, -0.0f, 0.0f, 1e-40f, 1.0f, 3.5f, 1e30f,
      std::numeric_limits<weight_t>::infinity()};
  for (std::size_t i = 0; i + 1 < sorted.size(); ++i)
    EXPECT_LT(detail::weight_key(sorted[i]), detail::weight_key(sorted[i + 1])) << sorted[i];
  for (weight_t w : sorted) {
    EXPECT_EQ(std::signbit(detail::packed_weight(detail::pack_arc(7, w))), std::signbit(w));
    EXPECT_EQ(detail::packed_weight(detail::pack_arc(7, w)), w);
    EXPECT_EQ(detail::packed_neighbor(detail::pack_arc(4000000000u, w)), 4000000000u);
  }
}

}  // namespace
}  // namespace plexus
