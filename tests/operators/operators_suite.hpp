// Operators and the traversals built on them, written once and instantiated per back end
// (operators_test_instances.hpp): every push load balancer, the pull advance and compute, then BFS and SSSP end to end (tiny graphs with
// known answers; Kronecker graphs against the serial verifiers).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "suite_support.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/bfs/bfs_verify.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/sssp/sssp_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/convert.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/operators/advance.hpp"
#include "plexus/operators/common_neighbours.hpp"
#include "plexus/operators/compute.hpp"
#include "plexus/operators/self_loops.hpp"

namespace plexus_test {

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

    // With a prefetch hint: the same visits and output; the host hints every visited edge's
    // target exactly once, GPUs never.
    sparse_frontier<Space> hinted_out(n);
    exec::buffer<Space, unsigned> hints(n);
    hits.fill(0);
    seen.fill(0);
    hints.fill(0);
    unsigned* hint = hints.data();
    operators::advance_push(
        space, dg.out_view(), in, work, hinted_out, lb,
        PLEXUS_LAMBDA(vertex_t, vertex_t v, edge_t e, weight_t) {
          exec::atomic_add(&h[e], 1u);
          return v % 5 != 0 && exec::atomic_exchange(&s[v], 1u) == 0;
        },
        PLEXUS_LAMBDA(vertex_t v) { exec::atomic_add(&hint[v], 1u); });
    const auto hinted_hits = hits.to_host();
    EXPECT_TRUE(std::equal(expect_hits.begin(), expect_hits.end(), hinted_hits.begin()));
    EXPECT_EQ(sorted(hinted_out.to_host()), std::vector<vertex_t>(expect_out.begin(), expect_out.end()));
    std::vector<unsigned> expect_hints(n, 0);
    if (Space::kind == backend::host)
      for (vertex_t v : ids)
        for (vertex_t u : g.neighbors(v)) ++expect_hints[u];
    const auto got_hints = hints.to_host();
    EXPECT_TRUE(std::equal(expect_hints.begin(), expect_hints.end(), got_hints.begin()));
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

/// |N(u) ∩ N(v)| by std::set_intersection over the stored rows.
inline edge_t serial_common(const csr_graph& g, vertex_t u, vertex_t v) {
  const auto* i = g.indices().data();
  std::vector<vertex_t> common;
  std::set_intersection(i + g.offsets()[u], i + g.offsets()[u + 1], i + g.offsets()[v], i + g.offsets()[v + 1],
                        std::back_inserter(common));
  return static_cast<edge_t>(common.size());
}

/// Every edge's triangles (edge_triangles, by every intersection method) and every arc's
/// common neighbours (common_neighbours_per_arc, with and without kept loops) against
/// set_intersection of the rows.
template <class Space>
void check_common_neighbours(bool loops) {
  const Space space;
  generators::kronecker_options k;
  k.scale = 11;
  k.edge_factor = 8;
  k.seed = 7;
  build_options b;
  b.symmetrize = true;
  b.keep_self_loops = loops;
  const csr_graph g = build_graph(generators::kronecker(k), b);
  const device_graph dg(g, Space::kind);
  const csr_view view = dg.out_view();
  const edge_t m = g.num_edges();
  exec::buffer<Space, vertex_t> sources(m);
  operators::arc_sources(space, view, sources.data());
  const operators::self_loop_flags<Space> flags(space, view);
  ASSERT_EQ(flags.any(), loops);
  for (intersect_method method : {intersect_method::hybrid, intersect_method::merge, intersect_method::binary_search}) {
    SCOPED_TRACE(std::string(to_string(method)));
    exec::buffer<Space, edge_t> triangles(m), common(m);
    edge_t* t = triangles.data();
    edge_t* c = common.data();
    const operators::edge_triangles<Space> on_edges(space, view, sources.data(), method);
    const operators::edge_triangle_counts on_edge = on_edges.counts();
    const vertex_t* source = sources.data();
    exec::for_each(space, m, PLEXUS_LAMBDA(std::size_t e) {
      const vertex_t u = source[e], v = view.indices[e];
      t[e] = u == v ? 0 : on_edge(u, v);
    });
    operators::common_neighbours_per_arc(space, view, source, method, flags.flags(),
                                         PLEXUS_LAMBDA(edge_t e, vertex_t, vertex_t, edge_t n) { c[e] = n; });
    space.synchronize();
    const auto got_triangles = triangles.to_host();
    const auto got_common = common.to_host();
    for (vertex_t u = 0; u < g.num_vertices(); ++u)
      for (edge_t e = g.offsets()[u]; e < g.offsets()[u + 1]; ++e) {
        const vertex_t v = g.indices()[e];
        const edge_t expect = serial_common(g, u, v);
        ASSERT_EQ(got_common[e], expect) << u << " " << v;
        if (u == v) continue;
        const bool loop_u = std::binary_search(&g.indices()[g.offsets()[u]], &g.indices()[g.offsets()[u + 1]], u);
        const bool loop_v = std::binary_search(&g.indices()[g.offsets()[v]], &g.indices()[g.offsets()[v + 1]], v);
        ASSERT_EQ(got_triangles[e], expect - loop_u - loop_v) << u << " " << v;
      }
  }
}

template <class Space>
class OperatorsTest : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(OperatorsTest);
TYPED_TEST_P(OperatorsTest, EveryBalancerVisitsEachEdgeOnce) { check_advance_balancers<TypeParam>(); }
TYPED_TEST_P(OperatorsTest, PullAddsEachReachableVertexOnce) { check_advance_pull<TypeParam>(); }
TYPED_TEST_P(OperatorsTest, Compute) { check_compute<TypeParam>(); }
TYPED_TEST_P(OperatorsTest, BfsTinyKnownDepthsAndBadSource) { check_bfs_tiny<TypeParam>(); }
TYPED_TEST_P(OperatorsTest, BfsKroneckerUndirected) { check_bfs_generated<TypeParam>(false); }
TYPED_TEST_P(OperatorsTest, BfsKroneckerDirected) { check_bfs_generated<TypeParam>(true); }
TYPED_TEST_P(OperatorsTest, SsspTinyKnownDistancesAndBadInput) { check_sssp_tiny<TypeParam>(); }
TYPED_TEST_P(OperatorsTest, SsspKroneckerWeightedUndirected) { check_sssp_generated<TypeParam>(false, true); }
TYPED_TEST_P(OperatorsTest, SsspKroneckerWeightedDirected) { check_sssp_generated<TypeParam>(true, true); }
TYPED_TEST_P(OperatorsTest, SsspUnweightedEqualsBfsDepth) { check_sssp_generated<TypeParam>(false, false); }
TYPED_TEST_P(OperatorsTest, EdgeTrianglesAndCommonNeighbours) { check_common_neighbours<TypeParam>(false); }
TYPED_TEST_P(OperatorsTest, CommonNeighboursWithLoops) { check_common_neighbours<TypeParam>(true); }
REGISTER_TYPED_TEST_SUITE_P(OperatorsTest, EveryBalancerVisitsEachEdgeOnce, PullAddsEachReachableVertexOnce, Compute,
                            BfsTinyKnownDepthsAndBadSource, BfsKroneckerUndirected, BfsKroneckerDirected,
                            SsspTinyKnownDistancesAndBadInput, SsspKroneckerWeightedUndirected,
                            SsspKroneckerWeightedDirected, SsspUnweightedEqualsBfsDepth,
                            EdgeTrianglesAndCommonNeighbours, CommonNeighboursWithLoops);

}  // namespace plexus_test
