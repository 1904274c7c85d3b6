// Label propagation on every back end, and the segmented mode under it: the mode of every
// segment against a std::map histogram, hand-traced runs, generated graphs against
// verify::reference_label_propagation, and the datasets.
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

#include "graph_suite_support.hpp"
#include "order_test_support.hpp"
#include "plexus/algorithms/lp/lp.hpp"
#include "plexus/algorithms/lp/lp_verify.hpp"
#include "plexus/algorithms/lp/modularity.hpp"
#include "plexus/algorithms/lp/segmented_mode.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/io/read_graph.hpp"
#include "suite_support.hpp"

namespace plexus_lp_test {

using namespace plexus;
using namespace plexus_test;

template <class Space>
void check_segmented_mode(bool random_rank) {
  const Space space;
  std::mt19937 rng(11);
  std::vector<edge_t> offsets{0};
  std::vector<std::uint32_t> keys;
  for (int s = 0; s < 2000; ++s) {
    const int kind = static_cast<int>(rng() % 10);
    const edge_t len = kind == 0  ? 0
                       : kind < 5 ? 1 + rng() % 32
                       : kind < 8 ? 33 + rng() % 300
                                  : 300 + rng() % 5000;
    // Few distinct keys make many ties; many distinct keys fill the tables.
    const std::uint32_t range = 1 + rng() % (kind % 2 ? 8 : 100000);
    for (edge_t i = 0; i < len; ++i) keys.push_back(rng() % range + (kind == 3 ? 4000000000u : 0));
    offsets.push_back(offsets.back() + len);
  }
  const std::size_t n = offsets.size() - 1;
  exec::buffer<Space, edge_t> off_buffer;
  off_buffer.assign(offsets);
  exec::buffer<Space, std::uint32_t> key_buffer, best_buffer(n), count_buffer(n);
  key_buffer.assign(keys);
  best_buffer.fill(123456789u);
  const edge_t* off = off_buffer.data();
  const std::uint32_t* k = key_buffer.data();
  std::uint32_t* best = best_buffer.data();
  std::uint32_t* count = count_buffer.data();
  const std::uint64_t seed = random_rank ? 99 : 0;
  plexus::detail::segmented_mode(
      space, n, PLEXUS_LAMBDA(std::size_t s) { return off[s + 1] - off[s]; },
      PLEXUS_LAMBDA(std::size_t s, std::size_t i) { return k[off[s] + i]; },
      PLEXUS_LAMBDA(std::size_t s, std::uint32_t key)->std::uint64_t {
        return seed ? hash_pair(seed, s * 1000003u + key) : 0;
      },
      PLEXUS_LAMBDA(std::size_t s, std::uint32_t b, std::uint32_t c) {
        best[s] = b;
        count[s] = c;
      });
  const auto got = best_buffer.to_host();
  const auto got_count = count_buffer.to_host();
  for (std::size_t s = 0; s < n; ++s) {
    if (offsets[s] == offsets[s + 1]) {
      ASSERT_EQ(got[s], 123456789u) << "empty segment " << s << " must not be written";
      continue;
    }
    std::map<std::uint32_t, std::uint32_t> histogram;
    for (edge_t e = offsets[s]; e < offsets[s + 1]; ++e) ++histogram[keys[e]];
    std::uint32_t expect = 0, expect_count = 0;
    std::uint64_t expect_rank = 0;
    for (const auto& [key, c] : histogram) {  // increasing keys: strict comparisons keep the smallest
      const std::uint64_t r = seed ? hash_pair(seed, s * 1000003u + key) : 0;
      if (c > expect_count || (c == expect_count && r < expect_rank)) {
        expect = key;
        expect_count = c;
        expect_rank = r;
      }
    }
    ASSERT_EQ(got[s], expect) << "segment " << s << " of length " << offsets[s + 1] - offsets[s];
    ASSERT_EQ(got_count[s], expect_count) << "segment " << s;
  }
}

template <class Space>
void expect_lp_matches(const csr_graph& g, const lp_options& options) {
  const lp_result r = label_propagation(device_graph(g, Space::kind), options);
  int iterations = 0;
  const auto expect =
      options.variant == lp_variant::cdlp ? verify::reference_cdlp(g, options.max_iterations, &iterations)
      : options.variant == lp_variant::semi_synchronous
          ? verify::reference_semi_synchronous_label_propagation(g, options.max_iterations, options.tolerance,
                                                                 options.seed, &iterations)
          : verify::reference_label_propagation(g, options.max_iterations, options.tolerance, &iterations);
  const auto verdict = verify::compare_labels(g, expect, r.label);
  EXPECT_TRUE(verdict.ok) << verdict.message;
  EXPECT_EQ(r.iterations, iterations);
}

template <class Space>
void check_lp_tiny() {
  // Two triangles: iteration 1 gives [1, 0, 0, 4, 3, 3] (ties to the smallest label),
  // iteration 2 [0, 0, 0, 3, 3, 3], iteration 3 changes nothing.
  const csr_graph g = make_graph(7, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}}, false);
  const lp_options synchronous{.variant = lp_variant::synchronous};
  const lp_result r = label_propagation(device_graph(g, Space::kind), synchronous);
  EXPECT_EQ(std::vector<vertex_t>(r.label.begin(), r.label.end()),
            (std::vector<vertex_t>{0, 0, 0, 3, 3, 3, 6}));
  EXPECT_EQ(r.iterations, 3);
  EXPECT_EQ(r.last_changed, 0u);
  EXPECT_EQ(r.num_communities, 3u);
  // m = 6 edges; each triangle has L = 3, D = 6: Q = 2 * (3/6 - (6/12)^2) = 0.5.
  EXPECT_NEAR(r.modularity, 0.5, 1e-12);
  const lp_result one =
      label_propagation(device_graph(g, Space::kind), {.variant = lp_variant::synchronous, .max_iterations = 1});
  EXPECT_EQ(std::vector<vertex_t>(one.label.begin(), one.label.end()),
            (std::vector<vertex_t>{1, 0, 0, 4, 3, 3, 6}));
  // Multiplicity: vertex 0 has arcs to 1, 2, 2 (parallel) and a hub of 300 leaves with a
  // second arc to leaf 5 must pick 5's label.
  std::vector<arc> arcs{{0, 1}, {0, 2}, {0, 2}};
  for (vertex_t leaf = 4; leaf < 304; ++leaf) arcs.push_back({3, leaf});
  arcs.push_back({3, 300});
  const csr_graph multi = make_graph(304, arcs, true, true, true);
  const lp_result rm =
      label_propagation(device_graph(multi, Space::kind), {.variant = lp_variant::synchronous, .max_iterations = 1});
  EXPECT_EQ(rm.label[0], 2u);
  EXPECT_EQ(rm.label[3], 300u);
  EXPECT_TRUE(std::isnan(rm.modularity));  // directed
  expect_lp_matches<Space>(multi, {.variant = lp_variant::synchronous, .max_iterations = 1});
  expect_lp_matches<Space>(multi, {.max_iterations = 1});
  expect_lp_matches<Space>(multi, {.variant = lp_variant::cdlp, .max_iterations = 3});
  // CDLP runs its count, but past an iteration that changes nothing every one repeats it: the
  // triangles settle in 2 iterations and the third changes nothing, whatever the limit.
  const lp_result fixed = label_propagation(device_graph(g, Space::kind),
                                            {.variant = lp_variant::cdlp, .max_iterations = 1000000});
  EXPECT_EQ(fixed.iterations, 3);
  EXPECT_EQ(std::vector<vertex_t>(fixed.label.begin(), fixed.label.end()),
            (std::vector<vertex_t>{0, 0, 0, 3, 3, 3, 6}));
  expect_lp_matches<Space>(g, {.variant = lp_variant::cdlp, .max_iterations = 1000000});
  // On an edge the two labels swap for ever: a huge limit ends once the cycle shows, on the
  // labels of its parity, as the reference does.
  const csr_graph edge = make_graph(2, {{0, 1}}, false);
  for (const lp_variant variant : {lp_variant::synchronous, lp_variant::cdlp})
    for (const int limit : {1000000, 1000001}) {
      const lp_options swap{.variant = variant, .max_iterations = limit};
      const lp_result r = label_propagation(device_graph(edge, Space::kind), swap);
      EXPECT_LT(r.iterations, 10);
      EXPECT_EQ(r.label[0], limit % 2 == 0 ? 0u : 1u);
      expect_lp_matches<Space>(edge, swap);
    }
  // Semi-synchronous: the two triangles end as the synchronous run ends, each vertex with
  // its neighbours' label.
  const lp_result semi = label_propagation(device_graph(g, Space::kind));
  EXPECT_EQ(std::vector<vertex_t>(semi.label.begin(), semi.label.end()),
            (std::vector<vertex_t>{0, 0, 0, 3, 3, 3, 6}));
  EXPECT_EQ(semi.last_changed, 0u);
  expect_lp_matches<Space>(g, {});
  // Two vertices joined only to each other trade labels forever when both move at once (the
  // run ends once the cycle shows, after 5 iterations, on the labels of 9); in halves one
  // moves first and the other agrees.
  const csr_graph pair = make_graph(2, {{0, 1}}, false);
  const lp_result swapping =
      label_propagation(device_graph(pair, Space::kind), {.variant = lp_variant::synchronous, .max_iterations = 9});
  EXPECT_EQ(swapping.iterations, 5);
  EXPECT_EQ(swapping.label[0], 1u);
  EXPECT_EQ(swapping.last_changed, 2u);
  const lp_result settled = label_propagation(device_graph(pair, Space::kind));
  EXPECT_LT(settled.iterations, 100);
  EXPECT_EQ(settled.label[0], settled.label[1]);
  expect_lp_matches<Space>(pair, {});
  // Empty and single-vertex graphs.
  const lp_result re = label_propagation(device_graph(make_graph(0, {}, false), Space::kind));
  EXPECT_TRUE(re.label.empty());
  EXPECT_EQ(re.iterations, 0);
  const lp_result r1 = label_propagation(device_graph(make_graph(1, {}, false), Space::kind));
  ASSERT_EQ(r1.label.size(), 1u);
  EXPECT_EQ(r1.label[0], 0u);
  EXPECT_EQ(r1.num_communities, 1u);
  // Bad input.
  const device_graph dev(g, Space::kind);
  EXPECT_THROW(label_propagation(dev, {.max_iterations = -1}), error);
  EXPECT_THROW(label_propagation(dev, {.tolerance = 2}), error);
  const csr_graph no_in = make_graph(3, {{0, 1}}, true, false);
  EXPECT_THROW(label_propagation(device_graph(no_in, Space::kind), {.variant = lp_variant::cdlp}), error);
}

template <class Space>
void check_lp_generated() {
  for (bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    const csr_graph g = kron(14, directed, 9);
    expect_lp_matches<Space>(g, {.max_iterations = 30});
    expect_lp_matches<Space>(g, {.max_iterations = 30, .tolerance = 0.01});
    expect_lp_matches<Space>(g, {.max_iterations = 30, .seed = 4});
    expect_lp_matches<Space>(g, {.variant = lp_variant::synchronous, .max_iterations = 30});
    expect_lp_matches<Space>(g, {.variant = lp_variant::synchronous, .max_iterations = 30, .tolerance = 0.01});
    expect_lp_matches<Space>(g, {.variant = lp_variant::cdlp, .max_iterations = 10});
  }
  expect_lp_matches<Space>(uniform_graph(30000, 120000, false), {.max_iterations = 20});
  // The default variant reaches a fixed point on a Kronecker graph, where the synchronous one
  // keeps trading labels (lp.hpp).
  const lp_result settled = label_propagation(device_graph(kron(14, false, 9), Space::kind));
  EXPECT_LT(settled.iterations, 100);
  EXPECT_EQ(settled.last_changed, 0u);
  // Modularity of the result equals the serial one.
  const csr_graph g = kron(12, false, 3);
  const lp_result r = label_propagation(device_graph(g, Space::kind), {.max_iterations = 10});
  EXPECT_NEAR(r.modularity, verify::modularity(g, r.label), 1e-12);
}

template <class Space>
void check_lp_randomized() {
  const csr_graph g = kron(13, false, 12);
  // One iteration from the identity labelling on a simple graph: all neighbour labels occur
  // once, so v takes the neighbour u with the smallest hash(seed, iteration 0, v, u).
  const std::uint64_t seed = 42;
  const lp_result one = label_propagation(
      device_graph(g, Space::kind), {.variant = lp_variant::randomized, .max_iterations = 1, .seed = seed});
  const std::uint64_t round_key = hash_pair(seed, 0);
  for (vertex_t v = 0; v < g.num_vertices(); ++v) {
    vertex_t expect = v;
    std::uint64_t best = ~std::uint64_t(0);
    for (vertex_t u : g.neighbors(v)) {
      const std::uint64_t h = hash_pair(round_key, (std::uint64_t(v) << 32) | u);
      if (h < best) {
        best = h;
        expect = u;
      }
    }
    ASSERT_EQ(one.label[v], expect) << "vertex " << v;
  }
  // Deterministic per seed, different across seeds, identical on the host back end.
  const lp_options o{.variant = lp_variant::randomized, .max_iterations = 20, .seed = 7};
  const lp_result a = label_propagation(device_graph(g, Space::kind), o);
  const lp_result b = label_propagation(device_graph(g, Space::kind), o);
  EXPECT_TRUE(verify::compare_labels(g, a.label, b.label).ok);
  const lp_result h = label_propagation(device_graph(g, backend::host), o);
  EXPECT_TRUE(verify::compare_labels(g, h.label, a.label).ok);
  EXPECT_EQ(h.iterations, a.iterations);
  lp_options other = o;
  other.seed = 8;
  EXPECT_FALSE(
      verify::compare_labels(g, a.label, label_propagation(device_graph(g, Space::kind), other).label).ok);
}

// Votes skipped where no label moved nearby change nothing: the same labels and iterations as
// voting every vertex, on both directions and the variants that skip, and the semi-synchronous
// run on a Kronecker graph does skip (its tail moves a few labels per iteration).
template <class Space>
void check_lp_skipping() {
  for (const bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    const csr_graph host = kron(14, directed, 9);
    const device_graph g(host, Space::kind);
    const lp_options variants[] = {
        {.max_iterations = 60},
        {.max_iterations = 60, .seed = 4},
        {.variant = lp_variant::synchronous, .max_iterations = 30},
        {.variant = lp_variant::cdlp, .max_iterations = 12},
    };
    for (const lp_options& o : variants) {
      SCOPED_TRACE(static_cast<int>(o.variant));
      lp_options every = o;
      every.skip_settled = false;
      const lp_result skipped = label_propagation(g, o), full = label_propagation(g, every);
      EXPECT_EQ(skipped.label, full.label);
      EXPECT_EQ(skipped.iterations, full.iterations);
      EXPECT_EQ(skipped.last_changed, full.last_changed);
      EXPECT_EQ(full.skipping_iterations, 0);
      if (o.variant == lp_variant::semi_synchronous) {
        EXPECT_GT(skipped.skipping_iterations, 0);
      }
    }
  }
}

// Labels name the same vertices whatever the vertex order: on a graph and on its degree
// relabelling every variant, and the serial references, give the same labels in original
// ids. In degree order "the smallest label" once compared the new ids and changed most labels.
template <class Space>
void check_lp_vertex_order() {
  for (const bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    const csr_graph g = kron(10, directed, 3, 8);
    const csr_graph r = degree_ordered(g);
    const lp_options variants[] = {
        {.max_iterations = 30},
        {.variant = lp_variant::synchronous, .max_iterations = 30},
        {.variant = lp_variant::cdlp, .max_iterations = 10},
        {.variant = lp_variant::randomized, .max_iterations = 30, .seed = 5},
    };
    for (const lp_options& o : variants) {
      SCOPED_TRACE(static_cast<int>(o.variant));
      EXPECT_EQ(labels_by_id(g, label_propagation(device_graph(g, Space::kind), o).label),
                labels_by_id(r, label_propagation(device_graph(r, Space::kind), o).label));
    }
    EXPECT_EQ(labels_by_id(g, verify::reference_cdlp(g, 10)), labels_by_id(r, verify::reference_cdlp(r, 10)));
    EXPECT_EQ(labels_by_id(g, verify::reference_label_propagation(g, 30)),
              labels_by_id(r, verify::reference_label_propagation(r, 30)));
    EXPECT_EQ(labels_by_id(g, verify::reference_semi_synchronous_label_propagation(g, 30)),
              labels_by_id(r, verify::reference_semi_synchronous_label_propagation(r, 30)));
  }
}

template <class Space>
void check_lp_datasets() {
  PLEXUS_SUITE_REQUIRE_DATASETS();
  for (const char* name : {"karate.mtx", "dolphins.mtx", "football.gml", "polblogs.graph", "CA-GrQc.txt",
                           "email-Eu-core.txt", "Wiki-Vote.txt", "MIT8.edgelist"}) {
    SCOPED_TRACE(name);
    io::read_options ro;
    ro.build_in_edges = true;
    const csr_graph g = io::read_graph(datasets() / "graphs" / name, ro);
    expect_lp_matches<Space>(g, {.max_iterations = 50});
    expect_lp_matches<Space>(g, {.variant = lp_variant::synchronous, .max_iterations = 50});
    expect_lp_matches<Space>(g, {.variant = lp_variant::cdlp, .max_iterations = 10});
    if (!g.directed()) {
      const lp_result r = label_propagation(device_graph(g, Space::kind), {.max_iterations = 50});
      EXPECT_NEAR(r.modularity, verify::modularity(g, r.label), 1e-12);
    }
  }
}

// ---- registration ---------------------------------------------------------------------------

template <class Space>
class LabelPropagationTest : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(LabelPropagationTest);
TYPED_TEST_P(LabelPropagationTest, SegmentedModeMatchesStd) { check_segmented_mode<TypeParam>(false); }
TYPED_TEST_P(LabelPropagationTest, SegmentedModeRankedTiesMatchStd) { check_segmented_mode<TypeParam>(true); }
TYPED_TEST_P(LabelPropagationTest, Tiny) { check_lp_tiny<TypeParam>(); }
TYPED_TEST_P(LabelPropagationTest, GeneratedMatchesReference) { check_lp_generated<TypeParam>(); }
TYPED_TEST_P(LabelPropagationTest, RandomizedDeterministic) { check_lp_randomized<TypeParam>(); }
TYPED_TEST_P(LabelPropagationTest, LabelsDoNotDependOnVertexOrder) { check_lp_vertex_order<TypeParam>(); }
TYPED_TEST_P(LabelPropagationTest, SkippingSettledVotesKeepsTheLabels) { check_lp_skipping<TypeParam>(); }
TYPED_TEST_P(LabelPropagationTest, Datasets) { check_lp_datasets<TypeParam>(); }
REGISTER_TYPED_TEST_SUITE_P(LabelPropagationTest, SegmentedModeMatchesStd, SegmentedModeRankedTiesMatchStd,
                            Tiny, GeneratedMatchesReference, RandomizedDeterministic,
                            LabelsDoNotDependOnVertexOrder, SkippingSettledVotesKeepsTheLabels, Datasets);

INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, LabelPropagationTest, ::testing::Types<PLEXUS_INSTANCE_SPACE>);

}  // namespace plexus_lp_test
