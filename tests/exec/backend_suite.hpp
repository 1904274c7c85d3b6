// Tests written once and instantiated per back end: exec primitives, frontiers, operators,
// BFS and SSSP. tests/exec/backend_test.cpp instantiates them for exec::host,
// tests/cuda/backend_test.cu for exec::cuda (SKIPPED without a GPU). Every result is checked
// against a plain std:: reference or the serial verifiers.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "plexus/algorithms/bfs.hpp"
#include "plexus/algorithms/sssp.hpp"
#include "plexus/core/error.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/convert.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/uniform.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/graph/device_graph.hpp"
#include "plexus/operators/advance.hpp"
#include "plexus/operators/compute.hpp"
#include "plexus/operators/filter.hpp"
#include "plexus/verify/bfs.hpp"
#include "plexus/verify/sssp.hpp"

namespace plexus_test {

using namespace plexus;

inline std::vector<std::uint32_t> random_values(std::size_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint32_t> v(n);
  for (auto& x : v) x = rng() % 1000;
  return v;
}

template <class Space>
void check_buffer_and_for_each() {
  const Space space;
  const std::size_t n = 100003;
  exec::buffer<Space, std::uint64_t> b(n);
  std::uint64_t* p = b.data();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) { p[i] = i * 3 + 1; });
  const auto h = b.to_host();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(h[i], i * 3 + 1) << i;
  b.fill(7);
  b.set(5, 9);
  EXPECT_EQ(b.get(5), 9u);
  EXPECT_EQ(b.get(6), 7u);
}

template <class Space>
void check_reduce() {
  const Space space;
  for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(1000), std::size_t(300001)}) {
    const auto values = random_values(n, 3);
    exec::buffer<Space, std::uint32_t> b;
    b.assign(values);
    const std::uint32_t* p = b.data();
    const auto sum = exec::reduce(space, n, std::uint64_t(5), PLEXUS_LAMBDA(std::size_t i) { return std::uint64_t(p[i]); },
                                  exec::plus{});
    EXPECT_EQ(sum, std::accumulate(values.begin(), values.end(), std::uint64_t(5)));
    const auto lo = exec::reduce(space, n, std::uint32_t(5000), PLEXUS_LAMBDA(std::size_t i) { return p[i]; }, exec::minimum{});
    const auto hi = exec::reduce(space, n, std::uint32_t(0), PLEXUS_LAMBDA(std::size_t i) { return p[i]; }, exec::maximum{});
    EXPECT_EQ(lo, values.empty() ? 5000u : *std::min_element(values.begin(), values.end()));
    EXPECT_EQ(hi, values.empty() ? 0u : *std::max_element(values.begin(), values.end()));
  }
}

template <class Space>
void check_scan() {
  const Space space;
  for (std::size_t n : {std::size_t(1), std::size_t(17), std::size_t(250001)}) {
    const auto values = random_values(n, 5);
    std::vector<std::uint64_t> in(values.begin(), values.end()), expect(n);
    std::exclusive_scan(in.begin(), in.end(), expect.begin(), std::uint64_t(0));
    exec::buffer<Space, std::uint64_t> a, out(n);
    a.assign(in);
    exec::exclusive_scan(space, a.data(), out.data(), n);
    const auto got = out.to_host();
    EXPECT_TRUE(std::equal(expect.begin(), expect.end(), got.begin()));
  }
}

template <class Space>
void check_compact() {
  const Space space;
  const std::size_t n = 200000;
  const auto values = random_values(n, 7);
  exec::buffer<Space, std::uint32_t> a, out(n);
  a.assign(values);
  const std::size_t kept = exec::compact(space, a.data(), n, out.data(), PLEXUS_LAMBDA(std::uint32_t x) { return x % 3 == 0; });
  std::vector<std::uint32_t> expect;
  std::copy_if(values.begin(), values.end(), std::back_inserter(expect), [](std::uint32_t x) { return x % 3 == 0; });
  ASSERT_EQ(kept, expect.size());
  const auto got = out.to_host(kept);
  EXPECT_TRUE(std::equal(expect.begin(), expect.end(), got.begin()));
  const std::uint32_t* p = a.data();
  const std::size_t kept_idx = exec::compact_indices(space, n, out.data(), PLEXUS_LAMBDA(std::size_t i) { return p[i] < 10; });
  std::vector<std::uint32_t> expect_idx;
  for (std::size_t i = 0; i < n; ++i)
    if (values[i] < 10) expect_idx.push_back(static_cast<std::uint32_t>(i));
  ASSERT_EQ(kept_idx, expect_idx.size());
  const auto got_idx = out.to_host(kept_idx);
  EXPECT_TRUE(std::equal(expect_idx.begin(), expect_idx.end(), got_idx.begin()));
}

template <class Space>
void check_atomics() {
  const Space space;
  const std::size_t n = 1 << 18;
  exec::buffer<Space, unsigned long long> counters(8);
  counters.fill(0);
  counters.set(2, ~0ull);  // min target
  exec::buffer<Space, std::uint32_t> claimed(1024);
  claimed.fill(invalid_vertex);
  exec::buffer<Space, float> fsum(1);
  fsum.fill(0);
  unsigned long long* c = counters.data();
  std::uint32_t* cl = claimed.data();
  float* fs = fsum.data();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) {
    exec::atomic_add(&c[0], 1ull);
    exec::atomic_max(&c[1], static_cast<unsigned long long>(i));
    exec::atomic_min(&c[2], static_cast<unsigned long long>(i + 10));
    exec::atomic_or(&c[3], 1ull << (i % 64));
    exec::atomic_increment_aggregated(&c[4]);
    exec::atomic_cas(&cl[i % 1024], invalid_vertex, static_cast<std::uint32_t>(i));
    exec::atomic_add(fs, 1.0f);
    exec::atomic_exchange(&c[5], 42ull);
  });
  const auto h = counters.to_host();
  EXPECT_EQ(h[0], n);
  EXPECT_EQ(h[1], n - 1);
  EXPECT_EQ(h[2], 10u);
  EXPECT_EQ(h[3], ~0ull);
  EXPECT_EQ(h[4], n);
  EXPECT_EQ(h[5], 42u);
  EXPECT_EQ(fsum.get(0), static_cast<float>(n));  // exact: n < 2^24
  const auto cls = claimed.to_host();
  for (std::size_t k = 0; k < 1024; ++k) ASSERT_EQ(cls[k] % 1024, k);  // exactly one winner per slot
}

inline std::vector<vertex_t> sorted(host_vector<vertex_t> v) {
  std::sort(v.begin(), v.end());
  return {v.begin(), v.end()};
}

template <class Space>
void check_frontiers() {
  const Space space;
  const vertex_t n = 70000;
  std::vector<vertex_t> ids;
  for (vertex_t v = 0; v < n; v += 1 + (v % 97 == 0 ? 4000 : v % 7)) ids.push_back(v);
  sparse_frontier<Space> sparse(n), back(n);
  sparse.assign(ids);
  EXPECT_EQ(sparse.size(), ids.size());
  EXPECT_EQ(sorted(sparse.to_host()), ids);

  bitmap_frontier<Space> bits(n);
  to_bitmap(space, sparse, bits);
  EXPECT_EQ(bits.size(space), ids.size());
  const auto words = bits.words_to_host();
  for (vertex_t v : ids) ASSERT_TRUE((words[v / 64] >> (v % 64)) & 1) << v;
  to_sparse(space, bits, back);
  const auto dense_back = back.to_host();
  EXPECT_EQ(std::vector<vertex_t>(dense_back.begin(), dense_back.end()), ids);  // sorted by construction

  two_layer_bitmap<Space> two(n);
  to_two_layer(space, sparse, two);
  EXPECT_EQ(two.size(space), ids.size());
  const auto tw = two.words_to_host();
  const auto summary = two.summary_to_host();
  for (std::size_t w = 0; w < tw.size(); ++w) ASSERT_EQ(tw[w] != 0, ((summary[w / 64] >> (w % 64)) & 1) != 0) << w;
  back.clear();
  to_sparse(space, two, back);
  EXPECT_EQ(sorted(back.to_host()), ids);

  two_layer_bitmap<Space> two_from_bits(n);
  to_two_layer(space, bits, two_from_bits);
  EXPECT_EQ(two_from_bits.summary_to_host(), summary);
  bitmap_frontier<Space> bits_again(n);
  to_bitmap(space, two, bits_again);
  EXPECT_EQ(bits_again.words_to_host(), words);
  two.clear(space);
  EXPECT_EQ(two.size(space), 0u);
  for (auto w : two.words_to_host()) ASSERT_EQ(w, 0u);

  sparse_frontier<Space> kept(n);
  const std::size_t k = operators::filter(space, sparse, kept, PLEXUS_LAMBDA(vertex_t v) { return v % 2 == 0; });
  std::vector<vertex_t> even;
  std::copy_if(ids.begin(), ids.end(), std::back_inserter(even), [](vertex_t v) { return v % 2 == 0; });
  EXPECT_EQ(k, even.size());
  EXPECT_EQ(sorted(kept.to_host()), even);

  sparse_frontier<Space> tiny(2);
  const std::vector<vertex_t> three = {1, 2, 3};
  EXPECT_THROW(tiny.assign(three), plexus::error);
}

inline csr_graph kron_graph(int scale, bool weighted, bool directed, std::uint64_t seed = 3) {
  generators::kronecker_options o;
  o.scale = scale;
  o.edge_factor = 8;
  o.seed = seed;
  o.weighted = weighted;
  o.directed = directed;
  build_options b;
  b.symmetrize = !directed;
  b.build_in_edges = directed;
  return build_graph(generators::kronecker(o), b);
}

/// Every balancer visits each edge of the frontier exactly once and outputs the same set.
template <class Space>
void check_advance_balancers() {
  const Space space;
  const csr_graph g = kron_graph(12, false, false);
  const device_graph dg(g, Space::kind);
  const vertex_t n = g.num_vertices();
  std::vector<vertex_t> ids;
  for (vertex_t v = 0; v < n; v += 3) ids.push_back(v);
  std::vector<unsigned> expect_hits(g.num_edges(), 0);
  std::set<vertex_t> expect_out;
  for (vertex_t v : ids)
    for (edge_t e = g.offsets()[v]; e < g.offsets()[v + 1]; ++e) {
      expect_hits[e] = 1;
      if (g.indices()[e] % 5 != 0) expect_out.insert(g.indices()[e]);
    }
  for (load_balance lb : {load_balance::thread_mapped, load_balance::warp_mapped, load_balance::block_mapped,
                          load_balance::degree_bucketed, load_balance::edge_balanced, load_balance::automatic}) {
    SCOPED_TRACE(std::string(to_string(lb)));
    sparse_frontier<Space> in(n), out(n);
    in.assign(ids);
    operators::push_workspace<Space> work(n);
    const edge_t total = work.prepare(space, dg.out_view(), in);
    edge_t expect_total = 0;
    for (vertex_t v : ids) expect_total += g.degree(v);
    EXPECT_EQ(total, expect_total);
    exec::buffer<Space, unsigned> hits(g.num_edges()), seen(n);
    hits.fill(0);
    seen.fill(0);
    unsigned* h = hits.data();
    unsigned* s = seen.data();
    operators::advance_push(space, dg.out_view(), in, work, out, lb, PLEXUS_LAMBDA(vertex_t, vertex_t v, edge_t e, weight_t) {
      exec::atomic_add(&h[e], 1u);
      return v % 5 != 0 && exec::atomic_exchange(&s[v], 1u) == 0;
    });
    const auto got_hits = hits.to_host();
    EXPECT_TRUE(std::equal(expect_hits.begin(), expect_hits.end(), got_hits.begin()));
    EXPECT_EQ(sorted(out.to_host()), std::vector<vertex_t>(expect_out.begin(), expect_out.end()));
  }
}

/// Pull: each active vertex with a frontier in-neighbour is added once, others never.
template <class Space>
void check_advance_pull() {
  const Space space;
  const csr_graph g = kron_graph(11, false, true);
  const device_graph dg(g, Space::kind);
  const vertex_t n = g.num_vertices();
  std::vector<vertex_t> ids;
  for (vertex_t v = 1; v < n; v += 11) ids.push_back(v);
  std::set<vertex_t> expect;
  for (vertex_t v : ids)
    for (vertex_t u : g.neighbors(v))
      if (u % 2 == 1) expect.insert(u);  // pull over in-edges reaches out-neighbours of the frontier
  sparse_frontier<Space> in(n), listed(n);
  in.assign(ids);
  bitmap_frontier<Space> front(n), next(n);
  to_bitmap(space, in, front);
  const std::size_t added = operators::advance_pull(space, dg.in_view(), front, next,
                                                    PLEXUS_LAMBDA(vertex_t v) { return v % 2 == 1; },
                                                    PLEXUS_LAMBDA(vertex_t, vertex_t, edge_t, weight_t) { return true; });
  EXPECT_EQ(added, expect.size());
  to_sparse(space, next, listed);
  EXPECT_EQ(sorted(listed.to_host()), std::vector<vertex_t>(expect.begin(), expect.end()));
}

template <class Space>
void check_compute() {
  const Space space;
  const vertex_t n = 5000;
  exec::buffer<Space, vertex_t> out(n);
  out.fill(0);
  vertex_t* o = out.data();
  operators::compute_all(space, n, PLEXUS_LAMBDA(vertex_t v) { o[v] = v + 1; });
  sparse_frontier<Space> f(n);
  const std::vector<vertex_t> ids = {3, 10, 4999};
  f.assign(ids);
  operators::compute(space, f, PLEXUS_LAMBDA(vertex_t v) { o[v] = 0; });
  const auto h = out.to_host();
  for (vertex_t v = 0; v < n; ++v) ASSERT_EQ(h[v], (v == 3 || v == 10 || v == 4999) ? 0u : v + 1);
}

/// Path 0-1-2-3 plus a triangle 4-5-6 (disconnected) and isolated 7; known depths.
inline csr_graph tiny_graph(bool weighted) {
  edge_list e;
  e.num_vertices = 8;
  e.src = {0, 1, 2, 4, 5, 6, 0};
  e.dst = {1, 2, 3, 5, 6, 4, 3};
  if (weighted) e.weights = {1, 2, 3, 1, 1, 1, 10};
  build_options b;
  b.symmetrize = true;
  return build_graph(std::move(e), b);
}

template <class Space>
void check_bfs_tiny() {
  const csr_graph g = tiny_graph(false);
  const device_graph dg(g, Space::kind);
  for (direction_mode mode : {direction_mode::automatic, direction_mode::push, direction_mode::pull}) {
    const bfs_result r = bfs(dg, 1, {.direction = mode});
    const std::vector<vertex_t> expect = {1, 0, 1, 2, unreached_depth, unreached_depth, unreached_depth,
                                          unreached_depth};
    EXPECT_EQ(std::vector<vertex_t>(r.depth.begin(), r.depth.end()), expect);
    EXPECT_EQ(r.parent[1], 1u);
    EXPECT_EQ(r.parent[7], invalid_vertex);
    const auto v = verify::bfs(g, 1, r.depth, r.parent);
    EXPECT_TRUE(v.ok) << v.message;
  }
  EXPECT_THROW(bfs(dg, 8), plexus::error);
  try {
    bfs(dg, 12);
  } catch (const plexus::error& e) {
    EXPECT_EQ(e.kind(), error_kind::invalid_argument);
    EXPECT_STREQ(e.what(), "source 12 out of range: graph has 8 vertices");
  }
}

template <class Space>
void check_bfs_generated(bool directed) {
  const csr_graph g = kron_graph(14, false, directed, 11);
  const device_graph dg(g, Space::kind);
  const auto expect = verify::reference_bfs_depths(g, 0);
  for (direction_mode mode : {direction_mode::automatic, direction_mode::push, direction_mode::pull})
    for (load_balance lb : {load_balance::automatic, load_balance::thread_mapped, load_balance::edge_balanced}) {
      const bfs_result r = bfs(dg, 0, {.direction = mode, .balance = lb});
      ASSERT_TRUE(std::equal(expect.begin(), expect.end(), r.depth.begin()));
      const auto v = verify::bfs(g, 0, r.depth, r.parent);
      ASSERT_TRUE(v.ok) << v.message;
    }
}

template <class Space>
void check_sssp_tiny() {
  const csr_graph g = tiny_graph(true);
  const device_graph dg(g, Space::kind);
  for (weight_t delta : {0.0f, 0.5f, 100.0f}) {
    const sssp_result r = sssp(dg, 0, {.delta = delta});
    EXPECT_FLOAT_EQ(r.distance[0], 0);
    EXPECT_FLOAT_EQ(r.distance[1], 1);
    EXPECT_FLOAT_EQ(r.distance[2], 3);
    EXPECT_FLOAT_EQ(r.distance[3], 6);
    for (vertex_t v = 4; v < 8; ++v) EXPECT_TRUE(std::isinf(r.distance[v])) << v;
    EXPECT_EQ(r.parent[3], 2u);
    EXPECT_EQ(r.parent[0], 0u);
    EXPECT_EQ(r.parent[5], invalid_vertex);
  }
  EXPECT_THROW(sssp(dg, 99), plexus::error);
  edge_list bad;
  bad.num_vertices = 3;
  bad.src = {0, 1};
  bad.dst = {1, 2};
  bad.weights = {1, -2};
  const csr_graph bg = build_graph(std::move(bad), {});
  const device_graph dbg(bg, Space::kind);
  EXPECT_THROW(sssp(dbg, 0), plexus::error);
}

template <class Space>
void check_sssp_generated(bool directed, bool weighted) {
  const csr_graph g = kron_graph(13, weighted, directed, 5);
  const device_graph dg(g, Space::kind);
  const auto expect = verify::reference_sssp_distances(g, 0);
  for (load_balance lb : {load_balance::automatic, load_balance::degree_bucketed, load_balance::warp_mapped}) {
    const sssp_result r = sssp(dg, 0, {.balance = lb});
    for (vertex_t v = 0; v < g.num_vertices(); ++v) {
      if (std::isinf(expect[v]))
        ASSERT_TRUE(std::isinf(r.distance[v])) << v;
      else
        ASSERT_EQ(r.distance[v], static_cast<weight_t>(expect[v])) << v;  // integer weights: exact
    }
    const auto v = verify::sssp(g, 0, r.distance, r.parent);
    ASSERT_TRUE(v.ok) << v.message;
  }
}

template <class Space>
class BackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!backend_available(Space::kind))
      GTEST_SKIP() << "back end " << to_string(Space::kind) << " not available (no device)";
  }
};

TYPED_TEST_SUITE_P(BackendTest);
TYPED_TEST_P(BackendTest, BufferAndForEach) { check_buffer_and_for_each<TypeParam>(); }
TYPED_TEST_P(BackendTest, ReduceMatchesStd) { check_reduce<TypeParam>(); }
TYPED_TEST_P(BackendTest, ExclusiveScanMatchesStd) { check_scan<TypeParam>(); }
TYPED_TEST_P(BackendTest, CompactMatchesCopyIf) { check_compact<TypeParam>(); }
TYPED_TEST_P(BackendTest, Atomics) { check_atomics<TypeParam>(); }
TYPED_TEST_P(BackendTest, FrontierConversionsAndFilter) { check_frontiers<TypeParam>(); }
TYPED_TEST_P(BackendTest, EveryBalancerVisitsEachEdgeOnce) { check_advance_balancers<TypeParam>(); }
TYPED_TEST_P(BackendTest, PullAddsEachReachableVertexOnce) { check_advance_pull<TypeParam>(); }
TYPED_TEST_P(BackendTest, Compute) { check_compute<TypeParam>(); }
TYPED_TEST_P(BackendTest, BfsTinyKnownDepthsAndBadSource) { check_bfs_tiny<TypeParam>(); }
TYPED_TEST_P(BackendTest, BfsKroneckerUndirected) { check_bfs_generated<TypeParam>(false); }
TYPED_TEST_P(BackendTest, BfsKroneckerDirected) { check_bfs_generated<TypeParam>(true); }
TYPED_TEST_P(BackendTest, SsspTinyKnownDistancesAndBadInput) { check_sssp_tiny<TypeParam>(); }
TYPED_TEST_P(BackendTest, SsspKroneckerWeightedUndirected) { check_sssp_generated<TypeParam>(false, true); }
TYPED_TEST_P(BackendTest, SsspKroneckerWeightedDirected) { check_sssp_generated<TypeParam>(true, true); }
TYPED_TEST_P(BackendTest, SsspUnweightedEqualsBfsDepth) { check_sssp_generated<TypeParam>(false, false); }
REGISTER_TYPED_TEST_SUITE_P(BackendTest, BufferAndForEach, ReduceMatchesStd, ExclusiveScanMatchesStd,
                            CompactMatchesCopyIf, Atomics, FrontierConversionsAndFilter,
                            EveryBalancerVisitsEachEdgeOnce, PullAddsEachReachableVertexOnce, Compute,
                            BfsTinyKnownDepthsAndBadSource, BfsKroneckerUndirected, BfsKroneckerDirected,
                            SsspTinyKnownDistancesAndBadInput, SsspKroneckerWeightedUndirected,
                            SsspKroneckerWeightedDirected, SsspUnweightedEqualsBfsDepth);

}  // namespace plexus_test
