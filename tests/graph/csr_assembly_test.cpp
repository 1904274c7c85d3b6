// Tests of the CSR assembly under build_graph (graph/csr_assembly.hpp): the offset scan past
// 32 bits, and assemble_rows against a plain sort of the arcs over every bucket width, thread
// count and key width.
#include "plexus/graph/csr_assembly.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

#include "plexus/core/random.hpp"

namespace plexus {
namespace {

using V = std::vector<vertex_t>;
using E = std::vector<edge_t>;

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
